package dev.dbprint.mcp.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.store.PrintStore;

/**
 * Two walks at once over a cold print parse each table's files once between them, as one walk alone does. The walks run
 * on a pool of two walkers whatever the processors, and the test holds the first walk's read until the second walk
 * waits on it, so the second meets the table while it is being read, never after.
 */
class ConcurrentWalksTest {

    /** How long any one step may take before the test fails: a guard against a hang, never what decides the test. */
    private static final long BOUND_SECONDS = 10;

    @TempDir
    Path dir;

    /** A store whose first stat of {@code held} waits until {@code release} opens, noting the thread it holds. */
    private static final class Holding extends PrintStore {

        final Path held;
        final CountDownLatch holding = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicReference<Thread> holder = new AtomicReference<>();

        Holding(Path held) {
            super(CacheSizes.defaultParseCacheBytes(), TreeStore.NONE);
            this.held = held;
        }

        @Override
        protected FileIdentity stat(Path path, boolean likelyPresent) {
            if (path.equals(held) && holder.compareAndSet(null, Thread.currentThread())) {
                holding.countDown();
                try {
                    release.await(BOUND_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return super.stat(path, likelyPresent);
        }
    }

    private static ColumnSearch.Result walk(PrintStore store, ColumnSearch search, Path root) {
        return search.run(store.view("shop", root), ColumnPredicates.named("station_id"));
    }

    /**
     * A print of one table, the sample's station: every monitor the held read takes is that table's, so a walker that
     * waits on one waits for that table.
     */
    private Path oneTablePrint() throws Exception {
        Path root = Files.createDirectories(dir.resolve("prints/shop"));
        Path station = Path.of("../src/sample/prints/shop/rental/station");
        for (String file : List.of("ddl.sql", "statistics.yaml")) {
            Files.copy(station.resolve(file), Files.createDirectories(root.resolve("rental/station")).resolve(file));
        }
        Fixtures.write(root.resolve("manifest.yaml"), """
                format_version: 1
                connection: shop
                adapter: postgres
                tables:
                  rental.station:
                    type: table
                    path: rental/station
                    artifacts:
                      ddl: ddl.sql
                      statistics: statistics.yaml
                """);
        return root.toRealPath();
    }

    @Test
    void aWalkBesideAnotherTakesTheIndexTheOtherReadRatherThanParsingTheFileAgain() throws Exception {
        Path root = oneTablePrint();
        PrintStore alone = new PrintStore();
        ColumnSearch.Result expected = walk(alone, new ColumnSearch(CacheSizes.defaultSearchCacheBytes()), root);
        assertEquals(1, expected.matches().size(), "the station's station_id: " + expected);
        long parsesAlone = alone.counters().parses();

        List<Thread> walkers = new CopyOnWriteArrayList<>();
        ForkJoinPool pool = new ForkJoinPool(2, p -> {
            var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            t.setDaemon(true);
            walkers.add(t);
            return t;
        }, null, false);
        try {
            Holding store = new Holding(root.resolve("rental/station/statistics.yaml"));
            ColumnSearch search = new ColumnSearch(CacheSizes.defaultSearchCacheBytes(), pool);
            CompletableFuture<ColumnSearch.Result> first = CompletableFuture.supplyAsync(() -> walk(store, search,
                    root));
            assertTrue(store.holding.await(BOUND_SECONDS, TimeUnit.SECONDS), "the first walk reads the statistics");
            CompletableFuture<ColumnSearch.Result> second = CompletableFuture.supplyAsync(() -> walk(store, search,
                    root));
            // the other walker takes the second walk to the table, and waits there for the first's read (or, were
            // nothing to hold it, reads the table itself and ends)
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
            while (!second.isDone() && !waitsOn(walkers, store.holder.get())) {
                assertTrue(System.nanoTime() < deadline, "the second walk neither ended nor waited for the first");
                Thread.sleep(1);
            }
            store.release.countDown();
            assertEquals(expected, first.get(BOUND_SECONDS, TimeUnit.SECONDS));
            assertEquals(expected, second.get(BOUND_SECONDS, TimeUnit.SECONDS));
            assertEquals(parsesAlone, store.counters().parses(),
                    "files parsed by two walks at once, against one alone");
        } finally {
            pool.shutdownNow();
        }
    }

    /** Whether one of {@code walkers} waits for a monitor {@code holder} holds. */
    private static boolean waitsOn(List<Thread> walkers, Thread holder) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (Thread t : walkers) {
            ThreadInfo info = threads.getThreadInfo(t.getId());
            if (t != holder && info != null && info.getThreadState() == Thread.State.BLOCKED
                    && info.getLockOwnerId() == holder.getId()) {
                return true;
            }
        }
        return false;
    }
}
