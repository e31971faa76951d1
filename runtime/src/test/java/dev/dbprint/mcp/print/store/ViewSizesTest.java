package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;

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
}
