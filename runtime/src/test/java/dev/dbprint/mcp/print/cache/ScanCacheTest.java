package dev.dbprint.mcp.print.cache;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.print.files.FileIdentity;

class ScanCacheTest {

    private record Result(long weight) implements Weighed {
    }

    private static final FileIdentity AT = new FileIdentity(1, 2, 3, 4, 4);
    private static final Path A = Path.of("/p/a"), B = Path.of("/p/b"), C = Path.of("/p/c");

    @Test
    void aResultIsHandedOutOnlyForTheIdentityAndFormItWasScannedAt() {
        ScanCache cache = new ScanCache(1 << 20);
        Result r = new Result(10);
        cache.put(A, "pages", AT, r);
        assertSame(r, cache.get(A, "pages", AT));
        assertNull(cache.get(A, "pages", new FileIdentity(1, 2, 3, 5, 5)), "rewritten: another mtime");
        assertNull(cache.get(A, "other", AT));
        assertNull(cache.get(B, "pages", AT));
        Result again = new Result(10);
        cache.put(A, "pages", new FileIdentity(1, 2, 3, 5, 5), again);
        assertSame(again, cache.get(A, "pages", new FileIdentity(1, 2, 3, 5, 5)));
        assertNull(cache.get(A, "pages", AT), "the new scan replaced the old one");
    }

    @Test
    void theLeastRecentlyUsedGoFirstOnceTheWeightPassesTheBound() {
        ScanCache cache = new ScanCache(2_500); // two of these results and their paths, not three
        Result a = new Result(800), b = new Result(800), c = new Result(800);
        cache.put(A, "pages", AT, a);
        cache.put(B, "pages", AT, b);
        assertSame(a, cache.get(A, "pages", AT)); // A is now more recent than B
        cache.put(C, "pages", AT, c);
        assertNull(cache.get(B, "pages", AT), "the least recently used went");
        assertSame(a, cache.get(A, "pages", AT));
        assertSame(c, cache.get(C, "pages", AT));
        cache.put(B, "pages", AT, new Result(5_000));
        assertNull(cache.get(B, "pages", AT), "a result heavier than the bound is not kept");
        assertSame(c, cache.get(C, "pages", AT));
    }
}
