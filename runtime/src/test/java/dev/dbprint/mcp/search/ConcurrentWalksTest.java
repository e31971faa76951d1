package dev.dbprint.mcp.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.store.PrintStore;

/** Two walks at once over a cold print parse each table's files once between them, as one walk alone does. */
class ConcurrentWalksTest {

    @TempDir
    Path dir;

    /** A store whose first stat of {@code held} waits until {@code release} opens. */
    private static final class Holding extends PrintStore {

        final Path held;
        final CountDownLatch holding = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        private final AtomicBoolean first = new AtomicBoolean(true);

        Holding(Path held) {
            super(CacheSizes.defaultParseCacheBytes(), TreeStore.NONE);
            this.held = held;
        }

        @Override
        protected FileIdentity stat(Path path, boolean likelyPresent) {
            if (path.equals(held) && first.compareAndSet(true, false)) {
                holding.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return super.stat(path, likelyPresent);
        }
    }

    private static ColumnSearch.Result walk(PrintStore store, ColumnSearch search, Path root) {
        return search.run(store.view("shop", root), ColumnPredicates.named("*id"));
    }

    @Test
    void aWalkBesideAnotherTakesTheIndexTheOtherReadRatherThanParsingTheFileAgain() throws Exception {
        Path root = Fixtures.copyDirectory(Path.of("../src/sample"), dir).resolve("prints/shop").toRealPath();
        PrintStore alone = new PrintStore();
        ColumnSearch.Result expected = walk(alone, new ColumnSearch(CacheSizes.defaultSearchCacheBytes()), root);
        long parsesAlone = alone.counters().parses();

        Holding store = new Holding(root.resolve("rental/station/statistics.yaml"));
        ColumnSearch search = new ColumnSearch(CacheSizes.defaultSearchCacheBytes());
        CompletableFuture<ColumnSearch.Result> first = CompletableFuture.supplyAsync(() -> walk(store, search, root));
        assertTrue(store.holding.await(30, TimeUnit.SECONDS), "the first walk reads the station's statistics");
        CompletableFuture<ColumnSearch.Result> second = CompletableFuture.supplyAsync(() -> walk(store, search, root));
        // the second walk waits for the first's read of that table (or, were nothing to hold it, reads it itself)
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!second.isDone() && !aWalkerWaits() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        store.release.countDown();
        assertEquals(expected, first.get(30, TimeUnit.SECONDS));
        assertEquals(expected, second.get(30, TimeUnit.SECONDS));
        assertEquals(parsesAlone, store.counters().parses(), "files parsed by two walks at once, against one alone");
    }

    /** Whether a search walker waits on a monitor: the second walk has reached the table the first is reading. */
    private static boolean aWalkerWaits() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith("dbprint-search-") && t.getState() == Thread.State.BLOCKED);
    }
}
