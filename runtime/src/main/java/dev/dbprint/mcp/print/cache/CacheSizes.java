package dev.dbprint.mcp.print.cache;

import dev.dbprint.mcp.config.DbprintConfig;

/**
 * The bounds of the in-memory caches when configuration leaves them unset: shares of the heap the JVM may grow to, so a
 * server started with {@code -Xmx256m} keeps within it on a print of any size, and a larger heap keeps more.
 */
public final class CacheSizes {

    private CacheSizes() {
    }

    /** {@code dbprint.parse-cache.max-bytes}, else a quarter of the maximum heap. */
    public static long parseCacheBytes(DbprintConfig config) {
        return config.parseCache().maxBytes().orElseGet(CacheSizes::defaultParseCacheBytes);
    }

    /** {@code dbprint.search-cache.max-bytes}, else a quarter of the maximum heap. */
    public static long searchCacheBytes(DbprintConfig config) {
        return config.searchCache().maxBytes().orElseGet(CacheSizes::defaultSearchCacheBytes);
    }

    public static long defaultParseCacheBytes() {
        return Runtime.getRuntime().maxMemory() / 4;
    }

    public static long defaultSearchCacheBytes() {
        return Runtime.getRuntime().maxMemory() / 4;
    }
}
