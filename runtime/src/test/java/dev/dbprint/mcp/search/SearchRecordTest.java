package dev.dbprint.mcp.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.index.DiskTrees;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.Read;
import dev.dbprint.mcp.tool.SearchColumnsTool;
import dev.dbprint.mcp.tool.ToolHarness;

/**
 * Each table's search record, kept in the on-disk index: a fresh process searches from the records instead of reading
 * every table's statistics files, and answers exactly what a walk with no index answers, whatever changed since the
 * records were written; a record that is not one of this form is ignored and written again.
 */
class SearchRecordTest {

    @TempDir
    Path dir;

    private static final List<String> SEARCHES = List.of("{\"text\": \"station\"}", "{\"pattern\": \"*id\"}",
            "{\"classification\": \"categorical\"}", "{\"sensitivity\": \"*\"}", "{\"looks_like\": \"*\"}",
            "{\"candidate_key\": true}", "{\"pattern\": \"*[*]*\"}", "{\"text\": \"night\"}", "{\"text\": \"e\"}",
            "{\"sql_type\": \"*int*\", \"redacted\": \"*\"}", "{\"pattern\": \"*\", \"looks_like\": \"email\"}");

    /** One process's replies to every search, and how many files its store holds after them. */
    private record Session(List<String> replies, int filesCached) {
    }

    /** A fresh process's searches, with the index at {@code index} or none; what it added is written at the end. */
    private Session session(Path index) {
        return session(dir, index);
    }

    private static Session session(Path project, Path index) {
        TreeStore trees = index == null ? TreeStore.NONE : DiskTrees.at(index);
        PrintStore store = new PrintStore(CacheSizes.defaultParseCacheBytes(), trees);
        ToolHarness h = new ToolHarness(store, project);
        SearchColumnsTool search = new SearchColumnsTool(h.store, h.paging, CacheSizes.defaultSearchCacheBytes());
        List<String> out = new ArrayList<>();
        for (String args : SEARCHES) {
            out.add(h.call(search, args).text().replaceAll("[A-Za-z0-9_-]{88}", "<cursor>"));
        }
        int cached = store.counters().filesCached();
        store.flush();
        return new Session(out, cached);
    }

    @Test
    void aFreshProcessAnswersFromTheRecordsWhatAWalkWithNoIndexAnswers() throws IOException {
        Fixtures.copyDirectory(Path.of("../src/sample"), dir.resolve("sample"));
        Fixtures.copyResource("/fixtures/search", dir.resolve("search"));
        for (String print : List.of("sample", "search")) {
            Path project = dir.resolve(print);
            Path index = dir.resolve("index-" + print);
            Session none = session(project, null);
            Session cold = session(project, index);
            Session warm = session(project, index);
            assertEquals(none.replies(), cold.replies(), print + ": the process that wrote the records");
            assertEquals(none.replies(), warm.replies(), print + ": a fresh process over them");
            assertTrue(warm.filesCached() * 2 < cold.filesCached(), print + ": the fresh process read no table's "
                    + "statistics files (it holds " + warm.filesCached() + " files, the first " + cold.filesCached()
                    + ")");
        }
    }

    @Test
    void aChangedAddedOrRemovedStatisticsFileIsSeenByTheNextFreshProcess() throws IOException {
        Fixtures.copyResource("/fixtures/search", dir);
        Path index = dir.resolve("index");
        session(index);
        Path table = dir.resolve("prints/arb/geo/visit");
        Path stats = table.resolve("statistics.yaml");
        Path notes = table.resolve("statistics.annotations.yaml");
        String original = Files.readString(stats);

        Files.writeString(stats, original.replace("columns:\n", "columns:\n  zz_email_new:\n    sql_type: text\n"));
        assertSameAsNoIndex(index, "a column added to statistics.yaml", "zz_email_new");
        Files.writeString(notes, "format_version: 1\ncolumns:\n  zz_email_new:\n    note: Where the marmot sleeps.\n");
        assertSameAsNoIndex(index, "an annotation file that appeared", "marmot");
        Files.writeString(notes, "format_version: 1\ncolumns:\n  zz_email_new:\n    note: Where the ferret sleeps.\n");
        assertSameAsNoIndex(index, "an annotation file rewritten", "ferret");
        Files.delete(notes);
        assertSameAsNoIndex(index, "an annotation file removed", "zz_email_new");
        Files.delete(stats);
        assertSameAsNoIndex(index, "statistics.yaml removed", "unreadable_tables");
        Files.writeString(stats, original);
        assertSameAsNoIndex(index, "statistics.yaml back as it was", "visit");
    }

    /** A fresh process over the records answers as one with no index, whose answer shows {@code shows}. */
    private void assertSameAsNoIndex(Path index, String change, String shows) {
        List<String> truth = session(null).replies();
        assertTrue(String.join("\n", truth).contains(shows), change + ": the fixture shows the change");
        assertEquals(truth, session(index).replies(), change);
    }

    @Test
    void aRecordOfAnotherFormIsIgnoredAndWrittenAgain() throws IOException {
        Fixtures.copyResource("/fixtures/search", dir);
        Path index = dir.resolve("index");
        List<String> truth = session(null).replies();
        session(index);
        int fromRecords = session(index).filesCached();

        Path root = dir.resolve("prints/arb").toAbsolutePath().normalize();
        List<Path> tables = List.of(root.resolve("geo/visit"), root.resolve("geo/customer"),
                root.resolve("geo/no_shapes"));
        // text, a header cut short, a flag no record sets
        List<byte[]> foreign = List.of("not a search record".getBytes(StandardCharsets.UTF_8),
                Arrays.copyOf(record(index, root, tables.get(1)), 9), new byte[]{(byte) 0x80});
        plant(index, root, tables, foreign);

        Session over = session(index);
        assertEquals(truth, over.replies(), "over records of another form");
        assertTrue(over.filesCached() > fromRecords, "the tables were read from their files");
        Session rewritten = session(index);
        assertEquals(truth, rewritten.replies(), "once written again");
        for (Path table : tables) {
            Map<Path, FileIdentity> from = sources(table);
            TableIndex record = TableIndexRecord.decode(record(index, root, table),
                    from.get(table.resolve("statistics.yaml")), from.get(table.resolve("statistics.annotations.yaml")));
            assertFalse(record.unpacked().columns().isEmpty(), table + ": its record was written again");
        }
    }

    /**
     * A fresh process decodes a record's columns only for a table whose text a search cannot rule out: a record whose
     * columns are damaged but whose text rules the table out serves a search that passes the table, and a search that
     * reaches its columns reads the table's files instead, answers as with no index and rewrites the record.
     */
    @Test
    void aRecordsColumnsAreDecodedOnlyWhereTheTextMayMatch() throws IOException {
        Fixtures.copyResource("/fixtures/search", dir);
        Path index = dir.resolve("index");
        String channel = new Searches((Path) null).call("{\"text\": \"channel\"}");
        session(index);
        Path root = dir.resolve("prints/arb").toAbsolutePath().normalize();
        Path visit = root.resolve("geo/visit");
        byte[] whole = record(index, root, visit);
        TableIndex packed = TableIndexRecord.decode(whole, null, null);
        assertTrue(packed.packed(), "a record is read packed");
        assertTrue(packed.mayContain("channel"), "the fixture's visit table has a channel column");
        assertFalse(packed.mayContain("zebra"));
        Searches intact = new Searches(index);
        String zebra = intact.call("{\"text\": \"zebra\"}");

        // cut short: the header reads, the columns do not
        plant(index, root, List.of(visit), List.of(Arrays.copyOf(whole, whole.length - 1)));
        Searches damaged = new Searches(index);
        assertEquals(zebra, damaged.call("{\"text\": \"zebra\"}"));
        assertEquals(intact.parses(), damaged.parses(), "no table was read from its files");
        assertEquals(channel, damaged.call("{\"text\": \"channel\"}"), "a text visit's text holds");
        assertTrue(damaged.parses() > intact.parses(), "visit was read from its files");
        damaged.store.flush();
        assertArrayEquals(whole, record(index, root, visit), "its record was written again");
    }

    /**
     * A table whose statistics.annotations.yaml does not parse, or does not match its schema, keeps its index with the
     * failure: a later search, in the same process or in a fresh one over the index, reads neither of its files again,
     * and still returns its columns and names it unreadable.
     */
    @Test
    void aTableWhoseAnnotationFileFailsIsNotReadAgainAndStillNamedUnreadable() throws IOException {
        Fixtures.copyDirectory(Path.of("../src/sample"), dir);
        Path root = dir.resolve("prints/shop").toAbsolutePath().normalize();
        Path station = root.resolve("rental/station");
        Path bike = root.resolve("rental/bike");
        Files.writeString(station.resolve("statistics.annotations.yaml"), "columns: [unclosed\n");
        Files.writeString(bike.resolve("statistics.annotations.yaml"),
                "format_version: 1\ncolumns:\n  bike_id:\n    colour: blue\n");
        Path index = dir.resolve("index");
        List<List<String>> processes = threeProcesses(index);
        List<String> truth = processes.get(0);
        String named = "\"unreadable_tables\": [\n    \"rental.bike\",\n    \"rental.station\"\n  ]";
        assertTrue(truth.stream().allMatch(r -> r.contains(named)), truth.get(0));
        assertTrue(truth.get(1).contains("\"table\": \"rental.station\""), "its columns: " + truth.get(1));
        assertEquals(truth, processes.get(1), "the process writing the index");
        assertEquals(truth, processes.get(2), "a fresh process over it");
        assertTrue(TableIndexRecord.decode(record(index, root, station), null, null).unreadable());
        assertTrue(TableIndexRecord.decode(record(index, root, bike), null, null).unreadable());
    }

    @Test
    void aFailedAnnotationFileOnceMendedIsReadAgainByTheProcessThatKeptTheFailureAndByAFreshOne() throws IOException {
        Fixtures.copyDirectory(Path.of("../src/sample"), dir);
        Path annotations = dir.resolve("prints/shop/rental/station/statistics.annotations.yaml");
        String good = Files.readString(annotations);
        Path index = dir.resolve("index");
        String search = SEARCHES.get(0);
        String named = "\"rental.station\"\n  ]";
        String sound = new Searches((Path) null).call(search);
        assertFalse(sound.contains("unreadable_tables"), sound);

        Files.writeString(annotations, "columns: [unclosed\n");
        Searches keeping = new Searches(index);
        assertTrue(keeping.call(search).contains(named), "the failure is met");
        assertTrue(keeping.call(search).contains(named), "and kept");
        keeping.store.flush();
        Files.writeString(annotations, good);
        assertEquals(sound, keeping.call(search), "the process that kept the failure reads the mended file");

        Files.writeString(annotations, "columns: [unclosed\n");
        Searches writing = new Searches(index);
        assertTrue(writing.call(search).contains(named), "the failure is met again");
        writing.store.flush();
        assertTrue(TableIndexRecord.decode(record(index, dir.resolve("prints/shop").toAbsolutePath().normalize(),
                annotations.getParent()), null, null).unreadable(), "and kept on disk");
        Files.writeString(annotations, good);
        assertEquals(sound, new Searches(index).call(search), "a fresh process over the kept failure reads it mended");
    }

    /**
     * A table whose statistics.yaml does not parse keeps its failure as a record of no columns: a later search, in the
     * same process or in a fresh one over the index, reads neither of its files again and answers what a read answers;
     * once mended, the file is read again by the process that kept the failure and by a fresh one.
     */
    @Test
    void aTableWhoseStatisticsFileDoesNotParseIsNotReadAgainUntilMended() throws IOException {
        Fixtures.copyDirectory(Path.of("../src/sample"), dir);
        Path statistics = dir.resolve("prints/shop/rental/station/statistics.yaml");
        String good = Files.readString(statistics);
        List<String> sound = SEARCHES.stream().map(new Searches((Path) null)::call).toList();
        Files.writeString(statistics, "format_version: 1\ncolumns: [unclosed\n");
        List<String> read = SEARCHES.stream().map(search -> new Searches((Path) null).call(search)).toList();
        assertTrue(read.stream().allMatch(r -> r.contains("\"unreadable_tables\": [\n    \"rental.station\"\n  ]")),
                read.get(0));
        Path index = dir.resolve("index");
        assertEquals(List.of(read, read, read), threeProcesses(index), "what a read of the file answers");
        Path root = dir.resolve("prints/shop").toAbsolutePath().normalize();
        TableIndex kept = TableIndexRecord.decode(record(index, root, statistics.getParent()), null, null);
        assertTrue(kept.unreadable() && kept.unpacked().columns().isEmpty(), "kept on disk, with no columns");

        Searches keeping = new Searches(index);
        assertEquals(read.get(0), keeping.call(SEARCHES.get(0)), "the failure taken from the index, and kept");
        Files.writeString(statistics, good);
        assertEquals(sound, SEARCHES.stream().map(keeping::call).toList(), "the process that kept it reads it mended");
        Files.writeString(statistics, "format_version: 1\ncolumns: [unclosed\n");
        new Searches(index).call(SEARCHES.get(0));
        Files.writeString(statistics, good);
        assertEquals(sound.get(0), new Searches(index).call(SEARCHES.get(0)), "so does a fresh process");
    }

    /**
     * A statistics.yaml this process may not open is not opened again by its later searches while the file keeps its
     * identity, and the table is named unreadable as a read names it; a fresh process, which may be of other groups,
     * opens it, and so does this one once the file changes (a {@code chmod} changes its change time).
     */
    @Test
    void aStatisticsFileThisProcessMayNotOpenIsNotOpenedAgainUntilItChanges() throws IOException {
        Fixtures.copyDirectory(Path.of("../src/sample"), dir);
        Path statistics = dir.resolve("prints/shop/rental/station/statistics.yaml").toAbsolutePath().normalize();
        Path index = dir.resolve("index");
        List<String> sound = SEARCHES.stream().map(new Searches((Path) null)::call).toList();
        List<String> read = SEARCHES.stream().map(search -> new Searches(new Denying(null, statistics)).call(search))
                .toList();
        assertTrue(read.get(0).contains("\"unreadable_tables\": [\n    \"rental.station\"\n  ]"), read.get(0));

        Denying denying = new Denying(index, statistics);
        Searches process = new Searches(denying);
        assertEquals(read, SEARCHES.stream().map(process::call).toList());
        assertEquals(1, denying.opens, "opened by the first search alone");
        denying.flush();
        assertEquals(sound.get(0), new Searches(index).call(SEARCHES.get(0)), "a fresh process that may open it");

        Files.setPosixFilePermissions(statistics, Files.getPosixFilePermissions(statistics));
        denying.denied = null;
        assertEquals(sound, SEARCHES.stream().map(process::call).toList(), "read once it changed");
    }

    /**
     * A fresh process's first search asks {@code access(2)} of each file once, though it takes a table from its record
     * after asking whether the text it keeps may stand for the files: the second question had the first's answer.
     */
    @Test
    void aFreshProcessAsksWhetherItMayOpenEachFileOnceInASearch() throws IOException {
        Fixtures.copyDirectory(Path.of("../src/sample"), dir);
        Path index = dir.resolve("index");
        Searches writing = new Searches(index);
        String first = writing.call(SEARCHES.get(0));
        writing.store.flush();
        Asking asking = new Asking(index);
        assertEquals(first, new Searches(asking).call(SEARCHES.get(0)));
        assertFalse(asking.asked.isEmpty());
        assertEquals(List.of(), asking.asked.entrySet().stream().filter(e -> e.getValue() > 1).toList(),
                "asked more than once");
    }

    /** A store that counts how often it asks whether it may open each file. */
    private static final class Asking extends PrintStore {

        final Map<Path, Integer> asked = new ConcurrentHashMap<>();

        Asking(Path index) {
            super(CacheSizes.defaultParseCacheBytes(), DiskTrees.at(index));
        }

        @Override
        protected boolean readable(Path file) {
            asked.merge(file, 1, Integer::sum);
            return super.readable(file);
        }
    }

    /**
     * A store that may not open {@code denied}: its read fails as a file of no read permission fails, and
     * {@code access(2)} says so (tests may run as root, whom no permission stops).
     */
    private static final class Denying extends PrintStore {

        volatile Path denied;
        volatile int opens;

        Denying(Path index, Path denied) {
            super(CacheSizes.defaultParseCacheBytes(), index == null ? TreeStore.NONE : DiskTrees.at(index));
            this.denied = denied;
        }

        @Override
        public <T> Read<T> passing(Path realRoot, Path path, String form, Parser parser, ModelBuilder<T> builder) {
            if (path.equals(denied)) {
                opens++;
                throw PrintError.io(path, "cannot read: " + path);
            }
            return super.passing(realRoot, path, form, parser, builder);
        }

        @Override
        protected boolean readable(Path file) {
            return !file.equals(denied) && super.readable(file);
        }
    }

    /**
     * Every search in a process with no index, in one writing the index at {@code index}, then in a fresh one over it:
     * each process's replies, in that order. No search after each process's first reads a table's files again.
     */
    private List<List<String>> threeProcesses(Path index) {
        List<List<String>> processes = new ArrayList<>();
        for (Path at : Arrays.asList(null, index, index)) {
            Searches process = new Searches(at);
            List<String> replies = new ArrayList<>();
            replies.add(process.call(SEARCHES.get(0)));
            long first = process.parses();
            for (String search : SEARCHES.subList(1, SEARCHES.size())) {
                replies.add(process.call(search));
            }
            assertEquals(first, process.parses(), at + ": no later search read a table's files again");
            process.store.flush();
            processes.add(replies);
        }
        return processes;
    }

    /** One process's searches over the index at {@code index}, or with none. */
    private final class Searches {

        final PrintStore store;
        final ToolHarness harness;
        final SearchColumnsTool tool;

        Searches(Path index) {
            this(new PrintStore(CacheSizes.defaultParseCacheBytes(),
                    index == null ? TreeStore.NONE : DiskTrees.at(index)));
        }

        Searches(PrintStore store) {
            this.store = store;
            harness = new ToolHarness(store, dir);
            tool = new SearchColumnsTool(harness.store, harness.paging, CacheSizes.defaultSearchCacheBytes());
        }

        String call(String arguments) {
            return harness.call(tool, arguments).text().replaceAll("[A-Za-z0-9_-]{88}", "<cursor>");
        }

        /** Files parsed: a search's statistics model is not kept in the parse cache, so reads show here alone. */
        long parses() {
            return store.counters().parses();
        }
    }

    /** The search record the index at {@code index} keeps for {@code table} at its files' identities now. */
    private static byte[] record(Path index, Path root, Path table) throws IOException {
        byte[] record = DiskTrees.at(index).shelf(root).derived(table, TableIndexRecord.FORM, sources(table));
        assertNotNull(record, table + " has a record");
        return record;
    }

    /** Puts {@code records} in the index in place of the tables' own. */
    private static void plant(Path index, Path root, List<Path> tables, List<byte[]> records) throws IOException {
        TreeStore planted = DiskTrees.at(index);
        for (int i = 0; i < tables.size(); i++) {
            planted.shelf(root).putDerived(tables.get(i), TableIndexRecord.FORM, sources(tables.get(i)), records.get(i));
        }
        planted.flush();
    }

    /** A table's two statistics files with their identities now, as a search keys its record. */
    private static Map<Path, FileIdentity> sources(Path table) throws IOException {
        Map<Path, FileIdentity> from = new LinkedHashMap<>();
        from.put(table.resolve("statistics.yaml"), FileIdentity.of(table.resolve("statistics.yaml")));
        from.put(table.resolve("statistics.annotations.yaml"),
                FileIdentity.of(table.resolve("statistics.annotations.yaml")));
        return from;
    }
}
