package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.HeapEstimate;
import dev.dbprint.mcp.print.cache.Weighed;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.yaml.YamlLoader;

/**
 * What the store keeps: a value only while its file loads at the identity it was read at (a file gone, unreadable,
 * leading outside, rewritten at every read or failing to load drops what was kept), each value by its estimated weight,
 * the manifests' weight counted against the bound of the rest.
 */
class PrintStoreKeepingTest {

    @TempDir
    Path tmp;

    Path root;

    @BeforeEach
    void setUp() throws Exception {
        root = Files.createDirectories(tmp.toRealPath().resolve("root"));
    }

    private static String text(PrintStore store, Path root, Path f) {
        return new String(store.bytes(root, f).value());
    }

    @Test
    void aFileThatIsGoneOrNoLongerAFileDropsWhatWasKept() throws Exception {
        PrintStore store = new PrintStore();
        Path f = Fixtures.write(root.resolve("a.sql"), "a");
        assertEquals("a", text(store, root, f));
        assertEquals(1, store.counters().filesCached());
        Files.delete(f);
        assertNull(store.bytes(root, f).value());
        assertEquals(0, store.counters().filesCached(), "gone");

        Fixtures.write(f, "a");
        assertEquals("a", text(store, root, f));
        Files.delete(f);
        Files.createDirectories(f);
        assertEquals(PrintError.Kind.IO, assertThrows(PrintError.class, () -> store.bytes(root, f)).kind());
        assertEquals(0, store.counters().filesCached(), "a directory now");
    }

    @Test
    void aFileThatNowLeadsOutsideDropsWhatWasKept() throws Exception {
        PrintStore store = new PrintStore();
        Path secret = Fixtures.write(tmp.toRealPath().resolve("secret.sql"), "secret");
        Path f = Fixtures.write(root.resolve("a.sql"), "a");
        assertEquals("a", text(store, root, f));
        Files.delete(f);
        Files.createSymbolicLink(f, secret);
        assertEquals(PrintError.Kind.NOT_FOLLOWABLE, assertThrows(PrintError.class, () -> store.bytes(root, f)).kind());
        assertEquals(0, store.counters().filesCached());
    }

    @Test
    void aLoadThatGivesNothingOrRunsOutOfMemoryDropsWhatWasKept() throws Exception {
        PrintStore store = new PrintStore();
        Path f = Fixtures.write(root.resolve("a.yaml"), "v: 1\n");
        assertEquals("v: 1\n", store.read(root, f, "text", (p, b) -> new String(b)).value());
        assertEquals(1, store.counters().filesCached());
        Fixtures.write(f, "v: 22\n");
        assertNull(store.read(root, f, "text", (p, b) -> null).value());
        assertEquals(0, store.counters().filesCached(), "nothing to keep");

        assertEquals(Map.of("v", 22L), store.model(root, null, f, "tree", (p, b) -> Map.of("v", 22L), (p, t) -> t)
                .value());
        assertEquals(1, store.counters().filesCached());
        Fixtures.write(f, "v: 333\n");
        PrintError e = assertThrows(PrintError.class, () -> store.model(root, null, f, "tree", (p, b) -> {
            throw new OutOfMemoryError("test");
        }, (p, t) -> t));
        assertEquals(YamlLoader.tooLargeToParse(f, "v: 333\n".length()).getMessage(), e.getMessage());
        assertEquals(0, store.counters().filesCached(), "the half-built tree is not kept");
    }

    /** Each stored value is looked up at the identity just stated: the file is rewritten each time, so every read is retried. */
    @Test
    void aFileRewrittenAtEveryReadIsTriedFiveTimesThenDropped() throws Exception {
        Path f = Fixtures.write(root.resolve("a.yaml"), "v: 1\n");
        AtomicInteger lookups = new AtomicInteger();
        TreeStore rewriting = trees(identity -> {
            lookups.incrementAndGet();
            Fixtures.write(f, "v: 1" + " ".repeat(lookups.get()) + "\n");
            return null;
        });
        PrintStore store = new PrintStore(1 << 20, rewriting);
        assertEquals(Map.of("v", 1L), store.model(root, null, f, "tree", (p, b) -> Map.of("v", 1L), (p, t) -> t).value());
        assertEquals(1, store.counters().filesCached());
        Fixtures.write(f, "v: 2\n");
        assertThrows(PrintError.class,
                () -> store.model(root, root, f, "tree", (p, b) -> Map.of("v", 2L), (p, t) -> t));
        assertEquals(PrintStore.MAX_READ_ATTEMPTS, lookups.get());
        assertEquals(0, store.counters().filesCached(), "the value of an older version is not kept");
    }

    @Test
    void aTreeKeptOnDiskBuildsTheModelWithoutAParse() throws Exception {
        Path f = Fixtures.write(root.resolve("a.yaml"), "v: 1\n");
        AtomicInteger flushes = new AtomicInteger();
        TreeStore kept = new TreeStore() {

            @Override
            public Shelf shelf(Path r) {
                return PrintStoreKeepingTest.shelf(identity -> Map.of("v", 7L));
            }

            @Override
            public void flush() {
                flushes.incrementAndGet();
            }
        };
        PrintStore store = new PrintStore(1 << 20, kept);
        assertEquals(Map.of("v", 7L), store.model(root, root, f, "tree", (p, b) -> Map.of("v", 1L), (p, t) -> t).value());
        assertEquals(0, store.counters().parses());
        store.flush();
        assertEquals(1, flushes.get());
    }

    @Test
    void aValueWeighsFourTimesItsBytesAndAModelFiveQuartersOfItsTreeAndThreeKilobytes() {
        PrintStore store = new PrintStore();
        Path f = Fixtures.write(root.resolve("a.sql"), "0123456789");
        store.bytes(root, f);
        assertEquals(64 + 4 * 10, store.counters().weight());
        Map<String, Object> tree = Map.of("v", 1L, "w", "text");
        Path g = Fixtures.write(root.resolve("b.yaml"), "v: 1\n");
        store.model(root, null, g, "tree", (p, b) -> tree, (p, t) -> t);
        assertEquals(64 + 4 * 10 + HeapEstimate.of(tree) * 5 / 4 + 3 * 1024, store.counters().weight());
    }

    /** A kept manifest leaves the rest of the bound to other files, and gives it back once it is gone. */
    @Test
    void theManifestsWeightCountsAgainstTheBoundWhileTheyAreKept() throws Exception {
        Path f = Fixtures.write(root.resolve("a.sql"), "0123456789");
        Path m = Fixtures.write(root.resolve("manifest.yaml"), "m");
        PrintStore store = new PrintStore(64 + 4 * 10, TreeStore.NONE);
        store.bytes(root, f);
        assertEquals(1, store.counters().filesCached(), "it fits the bound exactly");
        store.read(root, m, TreeStore.MANIFEST_FORM, (p, b) -> "manifest");
        assertEquals(0, store.counters().filesCached(), "evicted for the manifest");
        store.bytes(root, f);
        assertEquals(0, store.counters().filesCached(), "no room beside the manifest");
        Files.delete(m);
        assertNull(store.read(root, m, TreeStore.MANIFEST_FORM, (p, b) -> "manifest").value());
        store.bytes(root, f);
        assertEquals(1, store.counters().filesCached(), "room again once the manifest is gone");
    }

    /** Bound 170: a file of one byte (68) fits beside the manifest (68), one of ten (104) fits only alone. */
    @Test
    void clearingForgetsEveryValueManifestAndScan() throws Exception {
        Path f = Fixtures.write(root.resolve("a.sql"), "0123456789");
        Path g = Fixtures.write(root.resolve("b.sql"), "g");
        Path m = Fixtures.write(root.resolve("manifest.yaml"), "m");
        PrintStore store = new PrintStore(170, TreeStore.NONE);
        AtomicInteger manifestLoads = new AtomicInteger();
        AtomicInteger scans = new AtomicInteger();
        Scan<Weighed> scan = in -> {
            scans.incrementAndGet();
            in.readAllBytes();
            return () -> 1;
        };
        store.bytes(root, g);
        store.read(root, m, TreeStore.MANIFEST_FORM, (p, b) -> manifestLoads.incrementAndGet());
        store.scan(root, f, "scan", scan);
        assertEquals(1, store.counters().filesCached());
        store.bytes(root, f);
        assertEquals(1, store.counters().filesCached(), "b.sql only: no room for a.sql beside the manifest");
        store.clear();
        assertEquals(0, store.counters().filesCached());
        assertEquals(0, store.counters().weight());
        store.bytes(root, f);
        assertEquals(1, store.counters().filesCached(), "the manifest's weight went with it");
        store.read(root, m, TreeStore.MANIFEST_FORM, (p, b) -> manifestLoads.incrementAndGet());
        assertEquals(2, manifestLoads.get(), "the manifest is read again");
        store.scan(root, f, "scan", scan);
        assertEquals(2, scans.get(), "the scan runs again");
    }

    /** A tree store whose shelves answer every lookup with {@code get}. */
    private static TreeStore trees(Function<FileIdentity, Object> get) {
        return new TreeStore() {

            @Override
            public Shelf shelf(Path r) {
                return PrintStoreKeepingTest.shelf(get);
            }

            @Override
            public void flush() {
            }
        };
    }

    private static TreeStore.Shelf shelf(Function<FileIdentity, Object> get) {
        return new TreeStore.Shelf() {

            @Override
            public Object get(Path file, String form, FileIdentity identity) {
                return get.apply(identity);
            }

            @Override
            public void put(Path file, String form, FileIdentity identity, Object tree) {
            }
        };
    }
}
