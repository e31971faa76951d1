package dev.dbprint.mcp.print.store;

/**
 * A snapshot of {@link PrintStore}'s counters.
 *
 * @param parses loads from disk: every cache miss that read a file's bytes and parsed (or kept) them
 * @param cacheHits reads answered from the cache because the identity on disk matched
 * @param identityChecks stats of a file (every read stats at least once; a miss stats twice)
 * @param filesCached entries currently held (one per file and per form it was read in)
 * @param bytesRead bytes read from files: whole files loaded or scanned, and the pieces read of large ones
 * @param weight the estimated heap those entries hold, in bytes
 * @param maxWeight the bound on {@code weight} ({@code dbprint.parse-cache.max-bytes})
 * @param evictions entries let go to stay within the bound
 * @param confirmedByStamps kept replies found to hold by their directories' stamps, without judging a path again
 */
public record StoreCounters(long parses, long cacheHits, long identityChecks, int filesCached, long bytesRead,
        long weight, long maxWeight, long evictions, long confirmedByStamps) {
}
