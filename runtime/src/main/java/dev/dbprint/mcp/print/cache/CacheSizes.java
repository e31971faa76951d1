package dev.dbprint.mcp.print.cache;

import dev.dbprint.mcp.config.DbprintConfig;

/**
 * The bounds of the in-memory caches when configuration leaves them unset: shares of the heap the JVM may grow to, so a
 * server started with {@code -Xmx256m} keeps within it on a print of any size, up to a ceiling, so a server started by
 * {@code java -jar} — whose heap may grow to a quarter of the machine's memory — holds no more than one started by the
 * launcher ({@code -Xmx512m}).
 */
public final class CacheSizes {

    /**
     * Where a default bound stops growing with the heap: a quarter of the launcher's 512 MB. Without it a first search
     * of a large print under {@code java -jar} kept every table it parsed, and the process grew past a gigabyte.
     */
    public static final long DEFAULT_CEILING = 128L << 20;

    private CacheSizes() {
    }

    /** {@code dbprint.parse-cache.max-bytes}, else {@link #defaultParseCacheBytes()}. */
    public static long parseCacheBytes(DbprintConfig config) {
        return config.parseCache().maxBytes().orElseGet(CacheSizes::defaultParseCacheBytes);
    }

    /** {@code dbprint.search-cache.max-bytes}, else {@link #defaultSearchCacheBytes()}. */
    public static long searchCacheBytes(DbprintConfig config) {
        return config.searchCache().maxBytes().orElseGet(CacheSizes::defaultSearchCacheBytes);
    }

    public static long defaultParseCacheBytes() {
        return share(Runtime.getRuntime().maxMemory());
    }

    public static long defaultSearchCacheBytes() {
        return share(Runtime.getRuntime().maxMemory());
    }

    /** A default bound on a heap that may grow to {@code maxHeap} bytes: a quarter of it, at most {@link #DEFAULT_CEILING}. */
    static long share(long maxHeap) {
        return Math.min(maxHeap / 4, DEFAULT_CEILING);
    }
}
