package dev.dbprint.mcp.print.cache;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A map bounded by the total weight of its values, least recently used first out. Each value is put with its weight (an
 * estimate of the heap it holds); once the total passes {@code maxWeight} the eldest entries go until it fits again. A
 * single value heavier than the whole bound is not kept at all. A bound of 0 keeps nothing.
 * <p>
 * Thread-safe; every operation is short and holds one lock.
 */
public final class WeighedCache<K, V> {

    private record Weighed<V>(V value, long weight) {
    }

    private final long maxWeight;
    private final LinkedHashMap<K, Weighed<V>> entries = new LinkedHashMap<>(64, 0.75f, true);
    private long total;
    private long evictions;
    /** Weight held elsewhere that counts against the bound (see {@link #reserve}). */
    private long reserved;

    public WeighedCache(long maxWeight) {
        this.maxWeight = Math.max(0, maxWeight);
    }

    public synchronized V get(K key) {
        Weighed<V> w = entries.get(key);
        return w == null ? null : w.value();
    }

    /** Keeps {@code value} under {@code key} (replacing what was there), then evicts down to the bound. */
    public synchronized void put(K key, V value, long weight) {
        Weighed<V> old = entries.remove(key);
        if (old != null) {
            total -= old.weight();
        }
        if (weight > maxWeight - reserved) {
            return;
        }
        entries.put(key, new Weighed<>(value, weight));
        total += weight;
        evictToBound();
    }

    /**
     * Counts {@code weight} held outside the cache (values kept whatever they weigh) against the bound: the cache keeps
     * what remains, evicting now if it must.
     */
    public synchronized void reserve(long weight) {
        reserved = Math.max(0, weight);
        evictToBound();
    }

    private void evictToBound() {
        Iterator<Map.Entry<K, Weighed<V>>> eldest = entries.entrySet().iterator();
        while (total > maxWeight - reserved && eldest.hasNext()) {
            total -= eldest.next().getValue().weight();
            eldest.remove();
            evictions++;
        }
    }

    public synchronized void remove(K key) {
        Weighed<V> old = entries.remove(key);
        if (old != null) {
            total -= old.weight();
        }
    }

    public synchronized void clear() {
        entries.clear();
        total = 0;
    }

    public synchronized int size() {
        return entries.size();
    }

    /** The total weight kept. */
    public synchronized long weight() {
        return total;
    }

    public long maxWeight() {
        return maxWeight;
    }

    /** How many entries were evicted to respect the bound, since the start. */
    public synchronized long evictions() {
        return evictions;
    }
}
