package dev.dbprint.mcp.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.print.files.ContainmentMemo.GroupStamps;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.files.PlainEntries.Stamp;
import dev.dbprint.mcp.print.index.DiskTrees;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.tool.SearchColumnsTool;
import dev.dbprint.mcp.tool.ToolHarness;

/**
 * Every table's search text kept beside the manifest: a fresh process rules a table out on it without taking the
 * table's search record, only while both of the table's statistics files keep the identities it was derived at; bytes
 * of another form are ignored and written again; a first search over an empty index stats each file once.
 */
class SearchTextsTest {

    private static final FileIdentity STATS = new FileIdentity(1, 2, 30, 40, 40);
    private static final FileIdentity NOTES = new FileIdentity(1, 3, 30, 40, 40);

    /**
     * The fixture's tables whose search record every walk takes: none. Even geo.bad_notes, whose
     * statistics.annotations.yaml does not match its schema, and geo.broken, whose statistics.yaml does not parse, are
     * named unreadable from the texts, which keep their failures.
     */
    private static final int NAMED_UNREADABLE = 0;

    @TempDir
    Path dir;

    @Test
    void aTablesTextAnswersOnlyForTheIdentitiesItWasDerivedAt() {
        TableIndex notes = TableIndex.of(STATS, NOTES, 5L, null, true, List.of(SearchedColumn.column("Email", null,
                null, false)));
        TableIndex lone = TableIndex.of(null, FileIdentity.ABSENT, null, null, false, List.of(SearchedColumn.column(
                "a\ud800b", null, null, false)));
        GroupStamps group = new GroupStamps(new Stamp(1, 7, 70, 80), new Stamp(1, 8, 71, 81));
        SearchTexts.Place place = new SearchTexts.Place(group, "s/t", "s/t/statistics.yaml",
                "s/t/statistics.annotations.yaml", false, 12L, true);
        SearchTexts.Place undeclared = new SearchTexts.Place(group, "s/\u00e9", null, "s/\u00e9/notes.yaml", true, null,
                false);
        SearchTexts texts = SearchTexts.decode(
                SearchTexts.encode(new TableIndex[]{notes, null, lone}, new SearchTexts.Place[]{null, place, undeclared},
                        null, any -> true),
                3);
        assertNotNull(texts);
        assertTrue(texts.holds(0, STATS, NOTES));
        assertTrue(texts.looksLikeSwitchedOff(0));
        assertTrue(texts.mayContain(0, "mai"));
        assertFalse(texts.mayContain(0, "Email"), "the text is kept lower-cased, as a search's");
        assertFalse(texts.mayContain(0, "phone"));
        assertTrue(texts.mayContain(0, "x\u0000y"), "a text holding the separator is never ruled out");
        assertFalse(texts.holds(0, STATS, FileIdentity.ABSENT), "an annotation file now absent");
        assertFalse(texts.holds(0, null, NOTES), "statistics.yaml no longer declared");
        assertFalse(texts.holds(0, new FileIdentity(1, 2, 30, 40, 41), NOTES), "statistics.yaml's change time moved");
        assertFalse(texts.holds(1, null, null), "a table the walk did not find");
        assertFalse(texts.holds(2, null, FileIdentity.ABSENT), "a text UTF-8 cannot spell is left to the record");
        assertNull(texts.group(0));
        assertEquals(group, texts.group(1), "a table's stamps, whether its text is known or not");
        assertEquals(81, texts.group(2).directory().takenMillis(), "when each stamp was taken");
        assertNull(texts.place(0));
        assertEquals(place, texts.place(1), "where the entry puts its files, with its stamps");
        assertTrue(texts.place(1).annotationsAbsent(), "its annotation file absent from the directory at its stamp");
        assertEquals(undeclared, texts.place(2), "no statistics.yaml declared; the annotation file declared");
        assertTrue(texts.annotationsPresent(0));
        assertFalse(texts.annotationsPresent(2), "derived with no annotation file");

        SearchTexts again = SearchTexts.decode(
                SearchTexts.encode(new TableIndex[3], new SearchTexts.Place[3], texts, any -> true),
                3);
        assertTrue(again.holds(0, STATS, NOTES), "a table not found again keeps its text");
        assertTrue(again.mayContain(0, "email"));
        assertNull(again.group(1), "stamps are as given");
        assertNull(SearchTexts.decode(SearchTexts.encode(new TableIndex[]{notes}, new SearchTexts.Place[1], null, any -> true),
                2),
                "another manifest's");
        assertNull(SearchTexts.decode("not texts".getBytes(StandardCharsets.UTF_8), 1));
        assertNull(SearchTexts.decode(new byte[]{0, 0, 0, 1, 9}, 1), "a flag no text sets");

        TableIndex broken = TableIndex.statisticsFailedAt(STATS, NOTES, TableIndex.Failure.CONTENT);
        SearchTexts failed = SearchTexts.decode(
                SearchTexts.encode(new TableIndex[]{broken, notes}, new SearchTexts.Place[2], null, any -> true), 2);
        assertTrue(failed.holds(0, STATS, NOTES));
        assertTrue(failed.failed(0), "a table whose statistics.yaml failed by its content is kept, flagged");
        assertFalse(failed.mayContain(0, "email"), "with no text: no column read");
        assertFalse(failed.failed(1));

        TableIndex denied = TableIndex.statisticsFailedAt(STATS, NOTES, TableIndex.Failure.ACCESS);
        SearchTexts access = SearchTexts.decode(
                SearchTexts.encode(new TableIndex[]{denied}, new SearchTexts.Place[1], null, any -> true), 1);
        assertFalse(access.knows(0), "a file this process may not open is kept in its memory alone, not in the texts");
    }

    @Test
    void aFreshProcessRulesTablesOutOnTheirTextWithoutTakingTheirRecords() throws IOException {
        Fixtures.copyResource("/fixtures/search", dir);
        Path index = dir.resolve("index");
        String zebra = "{\"text\": \"zebra\"}";
        String channel = "{\"text\": \"channel\"}";
        Searches none = new Searches(null);
        prime(index);

        Searches fresh = new Searches(index);
        assertEquals(none.call(zebra), fresh.call(zebra));
        assertEquals(NAMED_UNREADABLE, fresh.records.get(), "no other table's record was taken");
        assertEquals(none.call(channel), fresh.call(channel));
        assertTrue(fresh.records.get() > 0, "the tables whose text holds it were searched from their records");

        // a table changed since: searched from its files, as with no index, and its text written again
        Path notes = dir.resolve("prints/arb/geo/visit/statistics.annotations.yaml");
        Files.writeString(notes, "format_version: 1\ncolumns:\n  channel:\n    note: Where the zebra sleeps.\n");
        Searches changed = new Searches(index);
        assertEquals(new Searches(null).call(zebra), changed.call(zebra));
        assertTrue(changed.call(zebra).contains("zebra sleeps"), "the fixture shows the change");
        changed.done();
        assertNoRecordTaken(index, "the changed table's text was written again");
    }

    /**
     * A table whose statistics file was read within the racy window of its last change is kept without a text: a second
     * write in that clock tick would leave the identity as it was, and a later process would rule the table out on the
     * text of the first. It is searched from its file until a walk reads it settled.
     */
    @Test
    void aTableReadWithinTheRacyWindowIsKeptWithoutItsText() throws IOException {
        Fixtures.copyResource("/fixtures/search", dir);
        Path index = dir.resolve("index");
        long visit = (Long) Files.getAttribute(dir.resolve("prints/arb/geo/visit/statistics.yaml"),
                "unix:ino");
        Searches first = new Searches(index, identity -> identity.ino() != visit);
        first.call("{\"text\": \"zebra\"}");
        first.done();

        Path settled = dir.resolve("settled");
        prime(settled);
        Searches overSettled = new Searches(settled);
        overSettled.call("{\"text\": \"zebra\"}");

        Searches fresh = new Searches(index);
        assertEquals(new Searches(null).call("{\"text\": \"zebra\"}"), fresh.call("{\"text\": \"zebra\"}"));
        assertEquals(overSettled.store.counters().parses() + 1, fresh.store.counters().parses(),
                "the racy table alone was searched, from its file (its record was not kept either)");
        fresh.done();
        assertNoRecordTaken(index, "read settled, its text was written");
    }

    /** A first process's search, which writes the records and the texts at its exit. */
    private void prime(Path index) {
        Searches first = new Searches(index);
        first.call("{\"text\": \"zebra\"}");
        first.done();
    }

    /** A fresh process's search for a text no table holds takes no table's record but those named unreadable. */
    private void assertNoRecordTaken(Path index, String why) {
        Searches fresh = new Searches(index);
        fresh.call("{\"text\": \"walrus\"}");
        assertEquals(NAMED_UNREADABLE, fresh.records.get(), why);
    }

    @Test
    void textsOfAnotherFormAreIgnoredAndWrittenAgain() throws IOException {
        Fixtures.copyResource("/fixtures/search", dir);
        Path index = dir.resolve("index");
        Searches none = new Searches(null);
        prime(index);
        Path root = dir.resolve("prints/arb").toAbsolutePath().normalize();
        Path manifest = root.resolve("manifest.yaml");
        TreeStore planted = DiskTrees.at(index);
        planted.shelf(root).putBytes(manifest, SearchTexts.FORM, FileIdentity.of(manifest),
                "not texts".getBytes(StandardCharsets.UTF_8));
        planted.flush();

        Searches over = new Searches(index);
        for (String search : List.of("{\"text\": \"zebra\"}", "{\"text\": \"channel\"}", "{\"pattern\": \"*id\"}")) {
            assertEquals(none.call(search), over.call(search), search);
        }
        assertTrue(over.records.get() > 0, "the tables were searched from their records");
        over.done();
        assertNoRecordTaken(index, "the texts were written again");
    }

    @Test
    void aFirstSearchOverAnEmptyIndexStatsEachFileOnce() throws IOException {
        Fixtures.copyResource("/fixtures/search", dir);
        Searches none = new Searches(null);
        Searches empty = new Searches(dir.resolve("index"));
        assertEquals(none.call("{\"text\": \"channel\"}"), empty.call("{\"text\": \"channel\"}"));
        assertEquals(none.store.counters().identityChecks(), empty.store.counters().identityChecks(),
                "a table the index keeps no record of is read at once, its files stat'ed by that read alone");
    }

    /** One process's searches over the index at {@code index}, or with none, counting the search records it takes. */
    private final class Searches {

        final AtomicInteger records = new AtomicInteger();
        final PrintStore store;
        final ToolHarness harness;
        final SearchColumnsTool tool;

        Searches(Path index) {
            this(index, any -> true);
        }

        /** Over an index that keeps what is derived from a file only at the identities {@code keeps}. */
        Searches(Path index, Predicate<FileIdentity> keeps) {
            store = new PrintStore(CacheSizes.defaultParseCacheBytes(),
                    index == null ? TreeStore.NONE : new Counting(DiskTrees.at(index), records, keeps));
            harness = new ToolHarness(store, dir);
            tool = new SearchColumnsTool(harness.store, harness.paging, CacheSizes.defaultSearchCacheBytes());
        }

        String call(String arguments) {
            return harness.call(tool, arguments).text().replaceAll("[A-Za-z0-9_-]{88}", "<cursor>");
        }

        /** Writes what this process added to the index, as at its exit. */
        void done() {
            store.flush();
        }
    }

    /** A tree store that counts the search records taken from it, and keeps only what {@code keeps} lets it. */
    private record Counting(TreeStore store, AtomicInteger records, Predicate<FileIdentity> keeps) implements TreeStore {

        @Override
        public Shelf shelf(Path root) {
            Shelf shelf = store.shelf(root);
            return shelf == null ? null : new Shelf() {

                @Override
                public Object get(Path file, String form, FileIdentity identity) {
                    return shelf.get(file, form, identity);
                }

                @Override
                public boolean holds(Path file, String form) {
                    return shelf.holds(file, form);
                }

                @Override
                public void prepare() {
                    shelf.prepare();
                }

                @Override
                public void put(Path file, String form, FileIdentity identity, Object tree) {
                    shelf.put(file, form, identity, tree);
                }

                @Override
                public byte[] bytes(Path file, String form, FileIdentity identity) {
                    return shelf.bytes(file, form, identity);
                }

                @Override
                public void putBytes(Path file, String form, FileIdentity identity, byte[] bytes) {
                    shelf.putBytes(file, form, identity, bytes);
                }

                @Override
                public byte[] derived(Path key, String form, Map<Path, FileIdentity> from) {
                    if (form.equals(TableIndexRecord.FORM)) {
                        records.incrementAndGet();
                    }
                    return shelf.derived(key, form, from);
                }

                @Override
                public void putDerived(Path key, String form, Map<Path, FileIdentity> from, byte[] bytes) {
                    if (from.values().stream().allMatch(this::keeps)) {
                        shelf.putDerived(key, form, from, bytes);
                    }
                }

                @Override
                public boolean keeps(FileIdentity identity) {
                    return keeps.test(identity) && shelf.keeps(identity);
                }
            };
        }

        @Override
        public void flush() {
            store.flush();
        }
    }
}
