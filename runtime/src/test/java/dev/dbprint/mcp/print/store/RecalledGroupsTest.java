package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.print.index.DiskTrees;
import dev.dbprint.mcp.print.index.TreeCodec;
import dev.dbprint.mcp.print.index.TreeStore;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.search.ColumnPredicates;
import dev.dbprint.mcp.search.ColumnSearch;

/**
 * A fresh process's first search confirms each manifest entry inside the root from the stamps of its directory and
 * the directory's parent that an earlier process's search left in the index, judging no declared file path by path;
 * an entry whose directory changed since is judged path by path again, and one whose file became a link outside the
 * root is not followed. A table the kept texts stand for is walked without its manifest entry being built.
 */
class RecalledGroupsTest {

    /** Every stamp is settled at once: the fixture is written just before it is read. */
    private static final long SETTLED_AT_ONCE = Long.MIN_VALUE;

    @TempDir
    Path tmp;

    /**
     * One process's search over {@code root}: its reply, how many paths its view judged one by one, the weight of the
     * manifest entries it built, and the digest of what it read.
     */
    private record Walk(ColumnSearch.Result result, int judged, long built, String digest, Manifest manifest) {

        /** What the entries of {@code tables} weigh once built. */
        long weightOf(List<String> tables) {
            return tables.stream().mapToLong(t -> (long) ManifestForm.ENTRY_HEAP_PER_BYTE
                    * TreeCodec.encode(manifest.written().get(t)).length).sum();
        }
    }

    private static Walk search(Path root, Path index) {
        return search(root, index, "zebra");
    }

    private static Walk search(Path root, Path index, String text) {
        PrintStore store = new PrintStore(index == null ? TreeStore.NONE : DiskTrees.at(index), SETTLED_AT_ONCE);
        PrintView view = store.view("arb", root);
        ColumnSearch.Result result = new ColumnSearch(CacheSizes.defaultSearchCacheBytes()).run(view, text(text));
        view.readSet();
        store.flush();
        return new Walk(result, store.viewSizes(view.root()).judged(), view.index().builtWeight(), view.digest(),
                view.index());
    }

    /**
     * An undeclared statistics.annotations.yaml the kept text found absent, now a link to a file outside the root: the
     * table is named unreadable, as with no index, even once the payload keeps its directory's new stamps.
     */
    @Test
    void anUndeclaredAnnotationFileNowALinkOutsideTheRootIsNotFollowed() throws IOException {
        Path root = arb();
        Path index = tmp.resolve("index");
        search(root, index, "walrus");
        Path notes = Files.writeString(tmp.resolve("notes.yaml"), "format_version: 1\ncolumns: {}\n");
        Files.createSymbolicLink(root.resolve("geo/visit/statistics.annotations.yaml"), notes);
        // another table's text changes, so this walk writes the payload again, with geo/visit's new stamps
        Path stats = root.resolve("geo/empty_scan/statistics.yaml");
        Files.writeString(stats, Files.readString(stats) + "\n");
        search(root, index, "walrus");
        Walk after = search(root, index, "walrus");
        assertEquals(search(root, null, "walrus").result(), after.result());
        assertTrue(after.result().unreadableTables().contains("geo.visit"), after.result().toString());
    }

    /**
     * An undeclared statistics.annotations.yaml the kept texts found absent, made since: its directory's stamp moved, so
     * a fresh process's search reads it, as with no index, rather than taking it for absent still.
     */
    @Test
    void anUndeclaredAnnotationFileMadeSinceIsRead() throws IOException, InterruptedException {
        Path root = arb();
        Path index = tmp.resolve("index");
        search(root, index, "zebra");
        Walk recalled = search(root, index, "zebra");
        assertEquals(search(root, null, "zebra").result(), recalled.result());
        Thread.sleep(20); // a clock tick: the file made below moves its directory's change time past the kept stamp
        Files.writeString(root.resolve("geo/visit/statistics.annotations.yaml"),
                "format_version: 1\ncolumns:\n  channel:\n    note: Where the zebra sleeps.\n");
        Walk after = search(root, index, "zebra");
        assertEquals(search(root, null, "zebra").result(), after.result());
        assertTrue(after.result().toString().contains("zebra sleeps"), after.result().toString());
    }

    /**
     * A reply whose read set cannot rest on its directories' stamps (one taken within the racy window) judges every path
     * again, the declared files of the entries a walk confirmed from kept stamps without building them included.
     */
    @Test
    void aReadSetJudgingEveryPathAgainJudgesTheFilesOfEntriesNotBuilt() throws IOException, InterruptedException {
        Path root = arb();
        Path index = tmp.resolve("index");
        Fixtures.settle();
        PrintStore first = new PrintStore(DiskTrees.at(index), Fixtures.SETTLE_NANOS);
        new ColumnSearch(CacheSizes.defaultSearchCacheBytes()).run(first.view("arb", root), walrus());
        first.flush();
        Files.writeString(root.resolve("geo/empty_scan/new.txt"), "a name the directory did not have\n");

        PrintStore fresh = new PrintStore(DiskTrees.at(index), Fixtures.SETTLE_NANOS);
        PrintView view = fresh.view("arb", root);
        new ColumnSearch(CacheSizes.defaultSearchCacheBytes()).run(view, walrus());
        Manifest manifest = view.index();
        long all = manifest.fqnOrder().stream().mapToLong(t -> (long) ManifestForm.ENTRY_HEAP_PER_BYTE
                * TreeCodec.encode(manifest.written().get(t)).length).sum();
        assertTrue(manifest.builtWeight() < all, "some entries were confirmed from kept stamps, not built");
        ReadSet read = view.readSet().orElseThrow();
        assertTrue(read.stillHolds());
        Path ddl = root.resolve("geo/visit/ddl.sql");
        Path outside = Files.writeString(tmp.resolve("ddl.sql"), "create table visit (id int);\n");
        Files.delete(ddl);
        Files.createSymbolicLink(ddl, outside);
        assertFalse(read.stillHolds(), "geo.visit's declared ddl.sql, now a link outside the root");
    }

    private static ColumnPredicates walrus() {
        return text("walrus");
    }

    private static ColumnPredicates text(String text) {
        return new ColumnPredicates(null, null, null, null, null, null, null, text);
    }

    /** The search fixture's print, copied afresh: its root. */
    private Path arb() throws IOException {
        return Fixtures.copyResource("/fixtures/search", tmp.resolve("project")).resolve("prints/arb").toAbsolutePath()
                .normalize();
    }

    @Test
    void aTableTheKeptTextsStandForIsWalkedWithoutBuildingItsEntry() throws IOException {
        Path root = arb();
        Path index = tmp.resolve("index");
        search(root, index);
        Walk none = search(root, null, "walrus");
        Walk passed = search(root, index, "walrus");
        assertEquals(none.result(), passed.result());
        assertEquals(none.digest(), passed.digest(), "the same files read, at the same identities");
        assertEquals(List.of("geo.bad_notes", "geo.broken", "geo.lost"), passed.result().unreadableTables());
        assertEquals(passed.weightOf(List.of("geo.lost")), passed.built(), "no entry built but that of geo.lost, whose"
                + " declared statistics.yaml is absent; not those whose files failed by their content: the texts keep it");
        Walk some = search(root, index, "channel");
        assertEquals(search(root, null, "channel").result(), some.result());
        assertFalse(some.result().matches().isEmpty());
        assertEquals(some.weightOf(List.of("geo.lost")), some.built(),
                "the tables whose text holds it were searched from their records, their entries not built either");

        // a table's statistics.yaml changed: its text no longer answers, and its entry is built to read it
        Path stats = root.resolve("geo/visit/statistics.yaml");
        Files.writeString(stats, Files.readString(stats) + "\n");
        Walk changed = search(root, index, "walrus");
        assertEquals(search(root, null, "walrus").result(), changed.result());
        assertTrue(changed.built() > 0, "the changed table's entry was built");
    }

    /**
     * A process's later searches take the indexes its first kept in memory for the tables the kept texts stand for, and
     * build their entries no more than the first did.
     */
    @Test
    void aLaterSearchOfTheProcessTakesItsIndexesWithoutBuildingEntries() throws IOException {
        Path root = arb();
        Path index = tmp.resolve("index");
        search(root, index);
        PrintStore store = new PrintStore(DiskTrees.at(index), SETTLED_AT_ONCE);
        ColumnSearch search = new ColumnSearch(CacheSizes.defaultSearchCacheBytes());
        ColumnPredicates channel = text("channel");
        ColumnSearch.Result first = search.run(store.view("arb", root), channel);
        PrintView view = store.view("arb", root);
        long builtByFirst = view.index().builtWeight();
        ColumnSearch.Result later = search.run(view, channel);
        assertEquals(first, later);
        assertEquals(search(root, null, "channel").result(), later);
        assertFalse(later.matches().isEmpty());
        assertEquals(builtByFirst, view.index().builtWeight(), "no entry built by the later search");
    }

    @Test
    void aFreshProcessConfirmsEachEntryFromTheStampsAnEarlierSearchLeft() throws IOException {
        Path root = arb();
        Path index = tmp.resolve("index");
        Walk none = search(root, null);
        search(root, index);
        Walk recalled = search(root, index);
        assertEquals(none.result(), recalled.result());
        assertEquals(36, none.judged(), "without the stamps: the root, geo, the 9 table directories and their 25 files");
        assertEquals(18, recalled.judged(), "with them: the 11 directories, geo.lost's two declared files (its"
                + " statistics.yaml is absent, so its entry is built and read) and the 5 undeclared"
                + " statistics.annotations.yaml its stamps show absent; no declared file of an entry its stamps confirm");

        // a declared file now a link outside the root: its directory changed, so the entry is judged path by path
        Path outside = Files.writeString(tmp.resolve("ddl.sql"), "create table visit (id int);\n");
        Path ddl = root.resolve("geo/visit/ddl.sql");
        Files.delete(ddl);
        Files.createSymbolicLink(ddl, outside);
        Walk linked = search(root, index);
        assertEquals(search(root, null).result(), linked.result());
        assertTrue(linked.result().unreadableTables().contains("geo.visit"), linked.result().toString());
    }
}
