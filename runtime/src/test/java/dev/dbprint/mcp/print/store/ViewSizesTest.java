package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.search.ColumnPredicates;
import dev.dbprint.mcp.search.ColumnSearch;

/** A call's maps start as large as the largest an earlier call over the same root needed, within a bound. */
class ViewSizesTest {

    @TempDir
    Path dir;

    @Test
    void theLargestCallOverARootSizesTheNextOnesAndOtherRootsStartSmall() {
        PrintStore store = new PrintStore();
        Path a = dir.resolve("a"), b = dir.resolve("b");
        assertEquals(PrintStore.ViewSizes.SMALL, store.viewSizes(a));
        store.sawView(a, 900, 2_000);
        assertEquals(new PrintStore.ViewSizes(900, 2_000), store.viewSizes(a));
        store.sawView(a, 3, 5_000);
        assertEquals(new PrintStore.ViewSizes(900, 5_000), store.viewSizes(a), "each the most seen, a smaller call aside");
        store.sawView(a, 1_000, 4);
        assertEquals(new PrintStore.ViewSizes(1_000, 5_000), store.viewSizes(a));
        assertEquals(PrintStore.ViewSizes.SMALL, store.viewSizes(b));
        store.sawView(b, Integer.MAX_VALUE, PrintStore.ViewSizes.MAX_HINT + 1);
        assertEquals(new PrintStore.ViewSizes(PrintStore.ViewSizes.MAX_HINT, PrintStore.ViewSizes.MAX_HINT),
                store.viewSizes(b), "bounded");
    }

    @Test
    void aViewRecordsWhatItTouchedAndJudgedWhenItsReadSetIsTaken() {
        Path root = Fixtures.copy("basic", dir.resolve("prints/basic"));
        PrintStore store = new PrintStore();
        PrintView view = store.view("basic", root);
        view.manifest().tables().values().forEach(view::statisticsAnnotations);
        view.readSet();
        PrintStore.ViewSizes seen = store.viewSizes(root);
        assertEquals(view.touched().size(), seen.touched());
        assertTrue(seen.judged() > 1, "verdicts: " + seen.judged());
    }

    /**
     * A walk over a manifest's tables makes the view's map of files for them before its walkers start, and every file
     * recorded before or after is in it, the digest over all of them; a call that walks nothing keeps its maps small.
     */
    @Test
    void aWalkMakesItsMapsForItsTablesAndACallThatWalksNothingKeepsThemSmall() {
        Path root = Fixtures.copy("basic", dir.resolve("prints/basic"));
        PrintStore store = new PrintStore();
        PrintView small = store.view("basic", root);
        small.manifest().tables().values().forEach(small::statisticsAnnotations);
        assertEquals(PrintStore.ViewSizes.SMALL.touched(), small.touchedSizedFor());

        PrintView walking = store.view("basic", root);
        List<TableEntry> tables = List.copyOf(walking.manifest().tables().values());
        walking.statisticsAnnotations(tables.get(0));
        Map<Path, FileIdentity> before = walking.touched();
        walking.walking(7_003);
        assertEquals(3 * 7_003, walking.touchedSizedFor());
        tables.forEach(walking::statisticsAnnotations);
        assertTrue(walking.touched().keySet().containsAll(before.keySet()));
        assertEquals(small.touched(), walking.touched());
        assertEquals(small.digest(), walking.digest());
    }

    /** A search announces its walk: its view's map is made for the manifest's tables. */
    @Test
    void aSearchMakesItsViewsMapForTheManifestsTables() {
        Path root = Fixtures.copyResource("/fixtures/search", dir.resolve("project")).resolve("prints/arb");
        PrintView view = new PrintStore().view("arb", root);
        int tables = view.manifest().tables().size();
        assertTrue(3 * tables > PrintStore.ViewSizes.SMALL.touched(), "a print larger than a small call's map");
        new ColumnSearch(1 << 20).run(view, ColumnPredicates.named("id"));
        assertEquals(3 * tables, view.touchedSizedFor());
    }
}
