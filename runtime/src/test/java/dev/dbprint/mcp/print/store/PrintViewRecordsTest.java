package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.TableEntry;

/** What a view records of the files it read: their identities, the digest over them, which trees it keeps on disk. */
class PrintViewRecordsTest {

    @TempDir
    Path tmp;

    @Test
    void aReadFileIsRecordedAtTheIdentityItWasReadAt() throws Exception {
        Path root = Fixtures.copy("basic", tmp.resolve("prints/basic"));
        PrintView view = new PrintStore().view("basic", root);
        assertNull(view.recorded(root.resolve("diff.yaml")));
        view.diff();
        assertEquals(FileIdentity.of(root.resolve("diff.yaml")), view.recorded(root.resolve("diff.yaml")));
        assertEquals(FileIdentity.of(root.resolve("diff.yaml")), view.recorded(root.resolve("shop/../diff.yaml")));
    }

    /**
     * A read that fails still depended on the file: the view records what is there, so a cursor pinned to the call goes
     * stale once the file is mended.
     */
    @Test
    void aFileThatFailedToReadIsRecordedAtItsIdentityThen() throws Exception {
        Path root = Fixtures.copy("basic", tmp.resolve("prints/basic"));
        Path diff = Files.writeString(root.resolve("diff.yaml"), "events: [\n");
        PrintView view = new PrintStore().view("basic", root);
        String before = view.digest();
        PrintError error = assertThrows(PrintError.class, view::diff);
        assertEquals(PrintError.Kind.PARSE, error.kind());
        assertEquals(FileIdentity.of(diff), view.recorded(diff));
        assertNotEquals(before, view.digest());
    }

    /**
     * A read that fails is recorded at the identity it read, not at one stat'ed after the failure: a file mended in
     * between would otherwise pin the failure to the mended file, and a reply that named it unreadable would be served
     * again for as long as the mended file stands.
     */
    @Test
    void aFileMendedRightAfterItsReadFailedIsRecordedAtTheIdentityThatFailed() throws Exception {
        Path root = Fixtures.copy("basic", tmp.resolve("prints/basic"));
        Path diff = root.resolve("diff.yaml").toAbsolutePath().normalize();
        String good = Files.readString(diff);
        Files.writeString(diff, "events: [\n");
        MendedAsItFails store = new MendedAsItFails(good);
        PrintView view = store.view("basic", root);
        PrintError error = assertThrows(PrintError.class, view::diff);
        assertEquals(PrintError.Kind.PARSE, error.kind());
        assertNotNull(store.failedAt, "the parse failed, and the file was mended");
        assertNotEquals(store.failedAt, FileIdentity.of(diff));
        assertEquals(store.failedAt, view.recorded(diff), "the identity the failed read saw");
        assertFalse(view.readSet().orElseThrow().stillHolds(), "the mended file is not the one the reply rested on");
    }

    /** A scan that fails is recorded as a load that fails is: at the identity the file was stat'ed at before it. */
    @Test
    void aFileRewrittenAsItsScanFailsIsRecordedAtTheIdentityThatFailed() throws Exception {
        Path root = Fixtures.copy("basic", tmp.resolve("prints/basic"));
        Path diff = root.resolve("diff.yaml").toAbsolutePath().normalize();
        FileIdentity scanned = FileIdentity.of(diff);
        PrintView view = new PrintStore().view("basic", root);
        PrintError error = assertThrows(PrintError.class, () -> view.scan(diff, "fails", in -> {
            Fixtures.write(diff, "events: []\n");
            throw new IOException("the disk failed");
        }));
        assertEquals(PrintError.Kind.IO, error.kind());
        assertNotEquals(scanned, FileIdentity.of(diff));
        assertEquals(scanned, view.recorded(diff), "the identity the failed scan saw");
    }

    /** A store whose YAML parse, when it fails, writes {@code good} over the file before the failure is thrown. */
    private static final class MendedAsItFails extends PrintStore {

        private final String good;
        volatile FileIdentity failedAt;

        MendedAsItFails(String good) {
            this.good = good;
        }

        @Override
        public <T> Read<T> model(Path realRoot, Path shelfRoot, Path path, String form, Parser parser,
                ModelBuilder<T> builder) {
            return super.model(realRoot, shelfRoot, path, form, (p, bytes) -> {
                try {
                    return parser.parse(p, bytes);
                } catch (PrintError e) {
                    failedAt = identity(p);
                    Fixtures.write(p, good);
                    throw e;
                }
            }, builder);
        }
    }

    /**
     * The digest is a function of the paths and identities alone, the same in every process and on every JDK: a page
     * version handed out by one server process is checked by the next one the client starts.
     */
    @Test
    void theDigestIsTheSameInEveryProcess() {
        assertEquals("0000000000000000", PrintView.digest(Map.of()));
        assertEquals("9c757f820b421e0c", PrintView.digest(Map.of(Path.of("/p/a.yaml"), new FileIdentity(1, 2, 3, 4, 4))));
        assertEquals("f57cc29c6d3aec9d", PrintView.digest(Map.of(Path.of("/p/a.yaml"), new FileIdentity(1, 2, 3, 4, 4),
                Path.of("/p/b.yaml"), FileIdentity.ABSENT)));
    }

    /**
     * A view's map of thousands of files (a search) is summed on several threads: the digest is the one a map of another
     * kind gives, and still tells one changed identity apart.
     */
    @Test
    void aLargeConcurrentMapDigestsAsAnyOtherMap() {
        Map<Path, FileIdentity> concurrent = new ConcurrentHashMap<>();
        for (int i = 0; i < 5_000; i++) {
            concurrent.put(Path.of("/p/s" + i % 50 + "/t" + i + "/statistics.yaml"), new FileIdentity(1, i, 3 * i, 4, 4));
        }
        Map<Path, FileIdentity> sorted = new TreeMap<>(concurrent);
        String digest = PrintView.digest(sorted);
        assertEquals(digest, PrintView.digest(concurrent));
        concurrent.put(Path.of("/p/s7/t7/statistics.yaml"), new FileIdentity(1, 7, 22, 4, 4));
        assertNotEquals(digest, PrintView.digest(concurrent));
    }

    /**
     * A view sums its digest as it records each path, on whichever thread reads it: the sum is the digest of what it
     * recorded, each path counted once however often it was read, absences included.
     */
    @Test
    void aViewsDigestIsTheDigestOfWhatItRecorded() throws Exception {
        Path root = Fixtures.copy("basic", tmp.resolve("prints/basic"));
        PrintView view = new PrintStore().view("basic", root);
        for (TableEntry table : view.manifest().tables().values()) {
            view.statistics(table);
            view.searchStatistics(table);
            view.statisticsAnnotations(table);
            view.description(table);
        }
        view.diff();
        view.diff();
        view.record(root.resolve("absent.yaml"));
        Map<Path, FileIdentity> touched = view.touched();
        assertTrue(touched.containsValue(FileIdentity.ABSENT), touched.toString());
        assertEquals(PrintView.digest(touched), view.digest());
    }

    /** The digest is over the paths in their order, whatever map holds them, and tells every path and identity apart. */
    @Test
    void theDigestIsOverPathsInOrderAndTellsEveryEntryApart() {
        FileIdentity one = new FileIdentity(1, 2, 3, 4, 4);
        Map<Path, FileIdentity> sorted = new TreeMap<>();
        for (String p : List.of("/p/a.yaml", "/p/b.yaml", "/p/c.yaml", "/p/d.yaml", "/q/a.yaml")) {
            sorted.put(Path.of(p), one);
        }
        Map<Path, FileIdentity> reversed = new TreeMap<>(Comparator.reverseOrder());
        reversed.putAll(sorted);
        Map<Path, FileIdentity> hashed = new HashMap<>(sorted);
        Map<Path, FileIdentity> concurrent = new ConcurrentHashMap<>(sorted);
        String digest = PrintView.digest(sorted);
        assertEquals(digest, PrintView.digest(reversed));
        assertEquals(digest, PrintView.digest(hashed));
        assertEquals(digest, PrintView.digest(concurrent));

        Map<Path, FileIdentity> otherPath = new TreeMap<>(sorted);
        otherPath.remove(Path.of("/q/a.yaml"));
        otherPath.put(Path.of("/q/e.yaml"), one);
        assertNotEquals(digest, PrintView.digest(otherPath), "another path");
        // where the path ends and its identity begins
        assertNotEquals(PrintView.digest(Map.of(Path.of("/p/a"), new FileIdentity(12, 3, 4, 5, 5))),
                PrintView.digest(Map.of(Path.of("/p/a1"), new FileIdentity(2, 3, 4, 5, 5))));
        // where an identity ends and the next path begins
        assertNotEquals(
                PrintView.digest(new TreeMap<>(Map.of(Path.of("/p/a"), new FileIdentity(1, 1, 1, 12, 12), Path.of("/p/b"),
                        one))),
                PrintView.digest(new TreeMap<>(Map.of(Path.of("/p/a"), new FileIdentity(1, 1, 1, 1, 1), Path.of("2/p/b"),
                        one))));
    }

    /**
     * The trees every call of a kind reads across the print are kept on disk; a table's full statistics only on a print
     * of at most {@value PrintView#WHOLE_TABLE_FILES} tables (the larger case: {@link WholeTableFilesTest}). The
     * search fields of a statistics.yaml are not: a later search reads the table's search record.
     */
    @Test
    void theAnnotationsOfATableAreKeptOnDiskAndOnASmallPrintItsWholeStatisticsButNotItsSearchFields() throws Exception {
        Path root = Fixtures.copy("basic", tmp.resolve("prints/basic"));
        Set<String> kept = ConcurrentHashMap.newKeySet();
        TreeStore recording = new RecordingTrees(kept::add, prepared -> {
        });
        PrintView view = new PrintStore(1 << 20, recording).view("basic", root);
        TableEntry customers = view.table("shop.customers").orElseThrow();
        assertTrue(view.statistics(customers).isPresent());
        assertTrue(kept.contains("statistics"), kept.toString());
        assertTrue(view.searchStatistics(customers).isPresent());
        assertTrue(view.statisticsAnnotations(customers).isPresent());
        assertTrue(kept.contains("statistics_annotations"), kept.toString());
        assertFalse(kept.contains("statistics_search"), kept.toString());
    }

    /**
     * Search keeps each table's index, built from the search fields: the parse cache does not keep the fields' model as
     * well, so a walk of thousands of tables holds one of the two, and the files stay recorded as read.
     */
    @Test
    void theSearchFieldsOfATableAreNotKeptInTheParseCache() throws Exception {
        Path root = Fixtures.copy("basic", tmp.resolve("prints/basic"));
        PrintStore store = new PrintStore(1 << 20, TreeStore.NONE);
        PrintView view = store.view("basic", root);
        TableEntry customers = view.table("shop.customers").orElseThrow();
        int cached = store.counters().filesCached();
        long parses = store.counters().parses();
        assertTrue(view.searchStatistics(customers).isPresent());
        assertTrue(view.searchStatistics(customers).isPresent());
        assertEquals(cached, store.counters().filesCached());
        assertEquals(parses + 2, store.counters().parses());
        Path statistics = customers.file(Artifact.STATISTICS).orElseThrow();
        assertEquals(FileIdentity.of(statistics), view.recorded(statistics));
    }
}
