package dev.dbprint.mcp.print.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CacheSizesTest {

    private static final long MB = 1L << 20;

    @Test
    void aSmallHeapGivesItsCachesAQuarter() {
        assertEquals(64 * MB, CacheSizes.share(256 * MB));
        assertEquals(128 * MB, CacheSizes.share(512 * MB));
    }

    @Test
    void aLargerHeapThanTheLaunchersGivesNoMore() {
        // java -jar on a 24 GB machine: the JVM may grow to 6 GB, the caches hold what the launcher's -Xmx512m gives
        assertEquals(CacheSizes.share(512 * MB), CacheSizes.share(6L << 30));
        assertEquals(CacheSizes.DEFAULT_CEILING, CacheSizes.share(Long.MAX_VALUE));
    }
}
