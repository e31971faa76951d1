package dev.dbprint.mcp.print.cache;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;

import dev.dbprint.mcp.print.files.FileIdentity;

/**
 * What the store's scans keep: one small result per file and form, with the identity it was scanned at. Bounded
 * by weight (each result's own plus its path's), the least recently used going first; a result heavier than the whole
 * bound is not kept. A result for an identity the file no longer has is never handed out, and the next scan replaces
 * it.
 */
public final class ScanCache {

    /** The weight kept, in bytes, roughly: a 60 MB file's page index weighs about 24 KB. */
    public static final long MAX_WEIGHT = 8L << 20;

    /** What one entry costs beyond its result and its path's characters, in bytes, roughly. */
    private static final int PER_ENTRY = 160;

    private record Key(Path path, String form) {
    }

    private record Entry(FileIdentity identity, Weighed value, long weight) {
    }

    private final long maxWeight;
    private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    private long total;

    public ScanCache(long maxWeight) {
        this.maxWeight = maxWeight;
    }

    /** The result kept for {@code path} and {@code form} if it was scanned at {@code identity}; else null. */
    public synchronized Weighed get(Path path, String form, FileIdentity identity) {
        Entry e = entries.get(new Key(path, form));
        return e != null && e.identity().equals(identity) ? e.value() : null;
    }

    public synchronized void put(Path path, String form, FileIdentity identity, Weighed value) {
        Key key = new Key(path, form);
        Entry e = new Entry(identity, value, PER_ENTRY + 2L * path.toString().length() + value.weight());
        Entry old = entries.remove(key);
        total -= old == null ? 0 : old.weight();
        if (e.weight() > maxWeight) {
            return; // kept, it would push out every other result, then itself
        }
        entries.put(key, e);
        total += e.weight();
        Iterator<Entry> lru = entries.values().iterator();
        while (total > maxWeight && lru.hasNext()) {
            total -= lru.next().weight();
            lru.remove();
        }
    }

    public synchronized void clear() {
        entries.clear();
        total = 0;
    }
}
