package dev.dbprint.mcp.print.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.files.Containment;
import dev.dbprint.mcp.print.files.ContainmentMemo;
import dev.dbprint.mcp.print.files.FileIdentity;
import dev.dbprint.mcp.print.files.PlainEntries;

/**
 * A read set weighs what it holds: a fixed cost per judged path, and per file its identity and its path's characters.
 * Over a print whose directories keep their stamps it confirms its verdicts by those stamps alone, and still catches a
 * file rewritten in place, a directory swapped for a link, and a verdict of the full check that changed.
 */
class ReadSetTest {

    @TempDir
    Path tmp;

    /** The store judging, with the short racy window; a test of the window itself takes one with the default. */
    PrintStore store = new PrintStore(Fixtures.SETTLE_NANOS);

    private static final FileIdentity ID = new FileIdentity(1, 2, 3, 4, 4);

    private static long weight(Map<Path, FileIdentity> touched, Map<Path, Boolean> verdicts) {
        return new ReadSet(new PrintStore(), Path.of("/p"), touched, verdicts).weight();
    }

    @Test
    void theWeightCountsEveryJudgedPathAndEveryFileWithItsPathsCharacters() {
        assertEquals(0, weight(Map.of(), Map.of()));
        assertEquals(128, weight(Map.of(), Map.of(Path.of("/p/s/t"), true)), "a judged path, its spelling taken as 64");
        assertEquals(256, weight(Map.of(), Map.of(Path.of("/p/s/t"), true, Path.of("/p/s/u"), false)));
        assertEquals(112 + "/p/a.yaml".length(), weight(Map.of(Path.of("/p/a.yaml"), ID), Map.of()));
        assertEquals(112 + "/p/ab.yaml".length(), weight(Map.of(Path.of("/p/ab.yaml"), ID), Map.of()));
        assertEquals(128 + 2 * 112 + 2 * "/p/a.yaml".length(),
                weight(Map.of(Path.of("/p/a.yaml"), ID, Path.of("/p/b.yaml"), ID), Map.of(Path.of("/p/s"), true)));
    }

    /**
     * Copies of the basic print, one per test that changes its own, whose directories last changed longer ago than the
     * racy window, so stamps vouch for them: made once for the class, with one wait.
     */
    @TempDir
    static Path settled;

    @BeforeAll
    static void settle() throws InterruptedException {
        for (String name : List.of("rewrite", "swap", "full", "weight", "appears", "named", "grouped")) {
            Fixtures.copy("basic", settled.resolve(name));
        }
        Fixtures.settle();
    }

    private static Path settledPrint(String name) {
        return settled.resolve(name);
    }

    /** What one call that judged {@code paths} and recorded the identity of those under the root rested on. */
    private ReadSet judged(Path root, Path... paths) {
        ContainmentMemo memo = store.containment(root, Containment.realRoot(root), 16);
        Map<Path, FileIdentity> touched = new HashMap<>();
        for (Path p : paths) {
            memo.inside(p);
            if (p.startsWith(root)) {
                touched.put(p, store.identity(p, FileIdentity.ABSENT, memo));
            }
        }
        return new ReadSet(store, root, touched, memo);
    }

    @Test
    void aFileRewrittenInPlaceIsCaughtThoughItsDirectoryKeepsItsStamp() throws Exception {
        Path root = settledPrint("rewrite");
        Path stats = root.resolve("shop/orders/statistics.yaml");
        ReadSet kept = judged(root, stats, root.resolve("shop/orders/description.md"));
        holds(kept, 1);
        PlainEntries.Stamp directory = PlainEntries.stamp(stats.getParent());
        Files.writeString(stats, Files.readString(stats) + "# rewritten in place\n");
        assertEquals(directory, PlainEntries.stamp(stats.getParent()), "the same inode: the directory is unchanged");
        assertFalse(kept.stillHolds());
    }

    /**
     * The containment race: a table directory replaced by a link to a directory outside the print holding hard links to
     * the same files. Every file read keeps its identity; the swap changed the schema directory's stamp, so the set
     * does not hold.
     */
    @Test
    void aDirectorySwappedForALinkToTheSameFilesOutsideIsCaughtThoughEveryIdentityHolds() throws Exception {
        Path root = settledPrint("swap");
        Path orders = root.resolve("shop/orders");
        Path stats = orders.resolve("statistics.yaml");
        ReadSet kept = judged(root, stats);
        assertTrue(kept.stillHolds());
        FileIdentity before = FileIdentity.of(stats);
        Path outside = Files.createDirectories(tmp.resolve("outside")).resolve("orders");
        Files.move(orders, outside); // the directory moved whole: no file in it changes, not even its ctime
        Files.createSymbolicLink(orders, outside);
        assertEquals(before, FileIdentity.of(stats), "the same file through the new link: the same identity");
        assertFalse(kept.stillHolds());
        assertEquals(1, store.counters().confirmedByStamps(), "only the check before the swap held by stamps");
    }

    /**
     * A path outside the root is judged by the full check, which no stamp inside the print vouches for: once a link
     * leads it into the print its verdict changes while every directory of the print keeps its stamp, and the set
     * does not hold.
     */
    @Test
    void aVerdictOfTheFullCheckIsJudgedAgainWhileEveryDirectoryKeepsItsStamp() throws Exception {
        Path root = settledPrint("full");
        Path ghost = tmp.resolve("elsewhere/orders/never.yaml");
        caughtAfter(root, ghost, () -> {
            Files.createSymbolicLink(tmp.resolve("elsewhere"), root.resolve("shop"));
            assertTrue(Containment.realInside(Containment.realRoot(root), ghost), "now it leads into the print");
        });
    }

    /**
     * A set that keeps stamps keeps no verdict to judge again: a name added to a directory it rests on ends it, though
     * every verdict and identity stands (the reply is then computed again).
     */
    @Test
    void aNameAddedToAStampedDirectoryEndsTheSetThoughNothingItReadChanged() throws Exception {
        Path root = settledPrint("named");
        Path stats = root.resolve("shop/orders/statistics.yaml");
        ReadSet kept = judged(root, stats);
        holds(kept, 1);
        FileIdentity before = FileIdentity.of(stats);
        Files.writeString(stats.resolveSibling("notes.txt"), "an editor's file\n");
        assertEquals(before, FileIdentity.of(stats), "the file read is unchanged");
        assertFalse(kept.stillHolds());
        assertEquals(1, store.counters().confirmedByStamps());
    }

    /**
     * Within the racy window a stamp cannot vouch for its directory: every path is judged again, so a name added beside
     * the file read leaves the set holding.
     */
    @Test
    void aPrintChangedWithinTheRacyWindowHasEveryPathJudgedAgain() throws Exception {
        store = new PrintStore(); // two seconds: the steps below stay well inside the window
        Path root = Fixtures.copy("basic", tmp.resolve("prints/basic"));
        Path stats = root.resolve("shop/orders/statistics.yaml");
        ReadSet kept = judged(root, stats);
        holds(kept, 0);
        Files.writeString(stats.resolveSibling("notes.txt"), "an editor's file\n");
        holds(kept, 0);
    }

    /**
     * An entry confirmed as one group from its directories' stamps gives its files no verdict of their own; a set that
     * cannot keep stamps (a directory of the call changed within the racy window) still judges each of them again, so a
     * declared file it never read, turned into a link to the outside, ends it.
     */
    @Test
    void aGroupConfirmedByStampsHasEachFileJudgedAgainWhenTheSetCannotKeepStamps() throws Exception {
        Path root = settledPrint("grouped");
        Path orders = root.resolve("shop/orders");
        Path stats = orders.resolve("statistics.yaml");
        Path ddl = Files.writeString(tmp.resolve("ddl.sql"), "create table orders ();\n");
        Map<String, Path> files = Map.of("statistics", stats, "ddl", orders.resolve("ddl.sql"));
        assertNull(store.containment(root, Containment.realRoot(root), 16).firstOutside(orders, files));
        Files.createDirectories(root.resolve("fresh")); // the root changes now: its stamp cannot vouch
        ContainmentMemo memo = store.containment(root, Containment.realRoot(root), 16);
        assertNull(memo.firstOutside(orders, files));
        assertEquals(null, memo.verdicts().get(stats), "confirmed as a group, from the stamps of orders and shop");
        ReadSet kept = new ReadSet(store, root, Map.of(stats, store.identity(stats, FileIdentity.ABSENT, memo)), memo);
        holds(kept, 0);
        Files.delete(orders.resolve("ddl.sql"));
        Files.createSymbolicLink(orders.resolve("ddl.sql"), ddl);
        assertFalse(kept.stillHolds());
    }

    /**
     * A set that keeps stamps weighs them too: per directory a path and its stamp, and an index per file and per path
     * the full check judged.
     */
    @Test
    void theWeightCountsTheDirectoriesItsVerdictsRestOn() throws Exception {
        Path root = settledPrint("weight");
        Path stats = root.resolve("shop/orders/statistics.yaml");
        ReadSet kept = judged(root, stats);
        // judged: the file, orders, shop and the root; the root by the full check, the others by orders, shop, root —
        // whose stamps are kept in place of those verdicts: the root alone is kept to judge again
        assertEquals(128 + 112 + stats.toString().length() + 3 * 168 + 4, kept.weight());
        holds(kept, 1);
    }

    @Test
    void anAbsentFileThatAppearsIsCaught() throws Exception {
        Path description = settledPrint("appears").resolve("shop/orders/description.md");
        caughtAfter(settledPrint("appears"), description, () -> Fixtures.write(description, "Orders.\n"));
    }

    /** A change to the print. */
    private interface Change {

        void run() throws Exception;
    }

    /** A set over the orders' statistics and {@code other} holds, and holds no longer once {@code change} is made. */
    private void caughtAfter(Path root, Path other, Change change) throws Exception {
        ReadSet kept = judged(root, root.resolve("shop/orders/statistics.yaml"), other);
        assertTrue(kept.stillHolds());
        change.run();
        assertFalse(kept.stillHolds());
    }

    /** The set holds, and the store has counted {@code confirmed} checks that its directories' stamps settled. */
    private void holds(ReadSet kept, long confirmed) {
        assertTrue(kept.stillHolds());
        assertEquals(confirmed, store.counters().confirmedByStamps());
    }
}
