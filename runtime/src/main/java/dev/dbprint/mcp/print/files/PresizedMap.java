package dev.dbprint.mcp.print.files;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A concurrent map that starts small and is made again at the size a walk announces before it fills it: grown from 16
 * entries to the tens of thousands a walk over thousands of tables records, a map copies itself a dozen times over (a
 * fifth of a fresh process's first search), while a small call never allocates a large table.
 * <p>
 * {@link #expect} copies the entries into the larger map and then hands it over; a write into the smaller one that
 * races the copy may be lost. Its owner either calls it before any other thread writes (a call's view, before its
 * walkers start), or is a memo that only loses work by it.
 */
public final class PresizedMap<K, V> {

    private volatile ConcurrentHashMap<K, V> map;
    /** The entries {@link #map} was made for. */
    private int sizedFor;

    public PresizedMap(int entries) {
        this.map = new ConcurrentHashMap<>(entries);
        this.sizedFor = entries;
    }

    /** The map now: a later {@link #expect} may replace it. */
    public ConcurrentHashMap<K, V> map() {
        return map;
    }

    /** Makes the map again for {@code entries} entries, with what it holds, unless it was made for as many already. */
    public synchronized void expect(int entries) {
        if (entries > sizedFor) {
            ConcurrentHashMap<K, V> larger = new ConcurrentHashMap<>(entries);
            larger.putAll(map);
            map = larger;
            sizedFor = entries;
        }
    }

    /** The entries the map was last made for. */
    public synchronized int sizedFor() {
        return sizedFor;
    }
}
