package dev.dbprint.mcp.print.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memo answers exactly as the full real-path check, links in every position included. */
class ContainmentMemoTest {

    @TempDir
    Path dir;

    @Test
    void agreesWithTheFullCheckOnFilesDirectoriesLinksAndAbsences() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.yaml"), "x: 1\n");
        Files.createDirectories(root.resolve("a/t1"));
        Files.writeString(root.resolve("a/t1/statistics.yaml"), "x: 1\n");
        Files.createSymbolicLink(root.resolve("a/t1/linked.yaml"), outside.resolve("secret.yaml"));
        Files.createSymbolicLink(root.resolve("a/t1/inner.yaml"), root.resolve("a/t1/statistics.yaml"));
        Files.createSymbolicLink(root.resolve("a/t1/dangling.yaml"), outside.resolve("gone.yaml"));
        Files.createSymbolicLink(root.resolve("a/t2"), outside);
        Files.writeString(root.resolve("a/file"), "not a directory");
        Path realRoot = Containment.realRoot(root);
        List<String> cases = List.of("a", "a/t1", "a/t1/statistics.yaml", "a/t1/missing.yaml", "a/t1/linked.yaml",
                "a/t1/inner.yaml", "a/t1/dangling.yaml", "a/t2", "a/t2/secret.yaml", "a/t2/missing.yaml",
                "a/t3/missing.yaml", "a/file/below.yaml");
        ContainmentMemo memo = new ContainmentMemo(root, realRoot);
        for (String c : cases) {
            Path p = root.resolve(c);
            assertEquals(Containment.realInside(realRoot, p), memo.inside(p), c);
            assertEquals(Containment.realInside(realRoot, p), memo.inside(p), c + " (memoised)");
            assertEquals(Containment.realInside(realRoot, p), new ContainmentMemo(root, realRoot).insideExpected(p),
                    c + " (expected present)");
        }
        assertTrue(memo.inside(root.resolve("a/t1/statistics.yaml")));
        assertFalse(memo.inside(root.resolve("a/t1/linked.yaml")));
        assertFalse(memo.inside(root.resolve("a/t2/missing.yaml")));
    }

    /**
     * Across calls the memos share what they learnt of each directory, and what they learnt goes the moment a directory
     * changes: files turned into links to the outside, a table directory turned into a link, an absent file appearing
     * as a link. Every call's answer is the full check's.
     */
    @Test
    void whatEarlierCallsLearntNeverOutlivesAChangeOfTheDirectory() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.yaml"), "x: 1\n");
        Files.createDirectories(outside.resolve("t"));
        Files.createDirectories(root.resolve("s/t"));
        Files.writeString(root.resolve("s/t/statistics.yaml"), "x: 1\n");
        Files.writeString(root.resolve("s/t/ddl.sql"), "x\n");
        Path realRoot = Containment.realRoot(root);
        PlainEntries shared = new PlainEntries(TimeUnit.MILLISECONDS.toNanos(20), PlainEntries.MAX_PATHS);
        List<String> cases = List.of("s", "s/t", "s/t/statistics.yaml", "s/t/ddl.sql", "s/t/annotations.yaml");
        List<Runnable> changes = List.of(() -> {
        }, () -> relink(root.resolve("s/t/statistics.yaml"), outside.resolve("secret.yaml")),
                () -> relink(root.resolve("s/t/annotations.yaml"), outside.resolve("secret.yaml")),
                () -> relink(root.resolve("s/t/statistics.yaml"), root.resolve("s/t/ddl.sql")),
                () -> relink(root.resolve("s/t"), outside.resolve("t")));
        for (Runnable change : changes) {
            change.run();
            Thread.sleep(60); // past the racy window and a clock tick: the memos may remember what they see now
            for (int call = 0; call < 2; call++) {
                ContainmentMemo memo = new ContainmentMemo(root, realRoot, shared);
                for (String c : cases) {
                    Path p = root.resolve(c);
                    assertEquals(Containment.realInside(realRoot, p), c.endsWith("annotations.yaml")
                            ? memo.inside(p)
                            : memo.insideExpected(p), c + " after change " + changes.indexOf(change) + ", call " + call);
                }
            }
        }
        assertEquals(null, shared.plainIn(root.resolve("s/t"), PlainEntries::stamp), "a link is never remembered as plain");
    }

    @Test
    void aDirectoryChangedWithinTheRacyWindowIsNotRemembered() throws Exception {
        Path d = Files.createDirectories(dir.resolve("fresh"));
        Path f = Files.writeString(d.resolve("f"), "x");
        Thread.sleep(5); // a stamp of the very millisecond of the change is racy even to a window of 0
        PlainEntries.Stamp now = PlainEntries.stamp(d);
        PlainEntries entries = new PlainEntries();
        entries.remember(f, d, now, false);
        assertEquals(null, entries.plainIn(f, x -> now),
                "changed a moment ago: a second change in the same tick would not show");
        PlainEntries eager = new PlainEntries(0, PlainEntries.MAX_PATHS);
        eager.remember(f, d, now, false);
        assertEquals(d, eager.plainIn(f, x -> x.equals(d) ? now : PlainEntries.Stamp.NONE));
        assertEquals(null, eager.plainIn(d.resolve("g"), x -> now));
        assertEquals(null, eager.plainIn(f, x -> new PlainEntries.Stamp(now.dev(), now.ino(), now.ctimeNanos() + 1)));
        assertEquals(null, eager.plainIn(f, x -> PlainEntries.Stamp.NONE));
        PlainEntries.Stamp none = PlainEntries.stamp(dir.resolve("absent"));
        assertEquals(PlainEntries.Stamp.NONE, none);
        eager.remember(dir.resolve("absent/f"), dir.resolve("absent"), none, false);
        assertEquals(null, eager.plainIn(dir.resolve("absent/f"), x -> none), "an unreadable directory is never remembered");
    }

    /**
     * A stamp taken within the racy window never vouches, however long after it is judged: a second change in the tick
     * of the first keeps the stamp, and a read set or a memo may judge a stamp seconds after the call took it.
     */
    @Test
    void aStampTakenWithinTheRacyWindowNeverVouchesLater() throws Exception {
        Path d = Files.createDirectories(dir.resolve("fresh"));
        Path f = Files.writeString(d.resolve("f"), "x");
        PlainEntries entries = new PlainEntries(TimeUnit.MILLISECONDS.toNanos(300), PlainEntries.MAX_PATHS);
        PlainEntries.Stamp early = PlainEntries.stamp(d);
        assertFalse(entries.settled(early));
        Thread.sleep(400);
        assertFalse(entries.settled(early), "judged after the window, taken within it");
        entries.remember(f, d, early, false);
        assertEquals(null, entries.plainIn(f, x -> early));
        PlainEntries.Stamp late = PlainEntries.stamp(d);
        assertEquals(early, late, "the same directory, unchanged");
        assertTrue(entries.settled(late), "taken after the window");
        entries.remember(f, d, late, false);
        assertEquals(d, entries.plainIn(f, x -> late));
        assertFalse(entries.settled(PlainEntries.Stamp.NONE));
    }

    /**
     * What a memo leaves for later calls: a plain file, or a name absent whether probed as expected or not, is remembered
     * beside its directory; a link (dangling or not), a name under a plain file and a path outside the root never are.
     */
    @Test
    void onlyNamesThatAreNoLinkAreRememberedBesideTheirDirectory() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path outside = dir.resolve("outside");
        Path t = tableWithEveryKindOfName(root, outside);
        Path realRoot = Containment.realRoot(root);
        PlainEntries shared = settledEntries();
        ContainmentMemo memo = new ContainmentMemo(root, realRoot, shared);
        assertTrue(memo.insideExpected(t.resolve("statistics.yaml")));
        assertTrue(memo.inside(t.resolve("missing.yaml")));
        assertTrue(memo.insideExpected(t.resolve("missing-expected.yaml")));
        for (String plain : List.of("statistics.yaml", "missing.yaml", "missing-expected.yaml")) {
            assertEquals(t, shared.plainIn(t.resolve(plain), PlainEntries::stamp), plain);
        }
        assertFalse(memo.insideExpected(t.resolve("linked.yaml")));
        assertEquals(Containment.realInside(realRoot, t.resolve("dangling.yaml")), memo.inside(t.resolve("dangling.yaml")));
        assertEquals(Containment.realInside(realRoot, t.resolve("file/below.yaml")),
                memo.insideExpected(t.resolve("file/below.yaml")));
        for (String notPlain : List.of("linked.yaml", "dangling.yaml", "file/below.yaml")) {
            assertEquals(null, shared.plainIn(t.resolve(notPlain), PlainEntries::stamp), notPlain);
        }
        assertFalse(memo.inside(outside.resolve("secret.yaml")), "outside the root");
        assertFalse(memo.insideExpected(outside.resolve("secret.yaml")), "outside the root");
        assertEquals(null, shared.plainIn(outside.resolve("secret.yaml"), PlainEntries::stamp));
        assertTrue(memo.inside(root), "the root itself");
    }

    /**
     * An absence an earlier process found, recalled with the stamp its directory had then: while the directory keeps that
     * stamp, the name is known absent and inside by its directory without a probe of its own (shown here by a file made
     * before the stamp was taken, which any probe would find); a stamp the directory no longer has recalls nothing, and
     * an absence a stat no longer confirms is not offered.
     */
    @Test
    void aRecalledAbsenceHoldsWithoutAProbeWhileItsDirectoryKeepsItsStamp() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path t = Files.createDirectories(root.resolve("s/t"));
        Path missing = t.resolve("statistics.annotations.yaml");
        Path present = Files.writeString(t.resolve("present.yaml"), "x: 1\n");
        Path realRoot = Containment.realRoot(root);
        PlainEntries earlier = settledEntries();
        ContainmentMemo first = new ContainmentMemo(root, realRoot, earlier);
        assertTrue(first.inside(missing));
        assertTrue(first.insideExpected(present));
        PlainEntries.Stamp stamp = PlainEntries.stamp(t);
        assertTrue(first.absentAt(missing, stamp), "probed absent while the directory had this stamp");
        assertFalse(first.absentAt(present, stamp), "found there");
        assertFalse(first.absentAt(missing, new PlainEntries.Stamp(stamp.dev(), stamp.ino(), stamp.ctimeNanos() - 1,
                stamp.takenMillis())), "another stamp of the directory");

        ContainmentMemo fresh = new ContainmentMemo(root, realRoot, settledEntries());
        fresh.recallAbsent(present, stamp);
        assertTrue(fresh.knownAbsent(present), "taken for absent on its directory's stamp, never probed");
        assertTrue(fresh.inside(present), "inside by its directory");
        assertEquals(Boolean.TRUE, fresh.verdicts().get(present));

        Thread.sleep(20); // a clock tick: the creation below moves the directory's ctime past the stamp
        Files.writeString(t.resolve("new.yaml"), "y: 2\n");
        ContainmentMemo later = new ContainmentMemo(root, realRoot, settledEntries());
        later.recallAbsent(missing, stamp);
        assertFalse(later.knownAbsent(missing), "the directory changed since: nothing recalled");

        // what a later process recalls outlives this one: offered only while a stat fails as a missing file
        Files.writeString(missing, "format_version: 1\n");
        assertFalse(first.absentAt(missing, stamp), "there now: a stat finds it");
    }

    /**
     * Only a name the probe found absent, in a directory this process may search, is known absent afterwards, and only
     * while that directory keeps its stamp: a present file, a link, a name under a plain file and a name judged before
     * its directory changed never are.
     */
    @Test
    void onlyAnAbsentNameInAnUnchangedSearchableDirectoryIsKnownAbsent() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path t = tableWithEveryKindOfName(root, dir.resolve("outside"));
        Path realRoot = Containment.realRoot(root);
        PlainEntries shared = settledEntries();
        ContainmentMemo memo = new ContainmentMemo(root, realRoot, shared);
        for (String name : List.of("statistics.yaml", "missing.yaml", "linked.yaml", "dangling.yaml", "file/below.yaml")) {
            memo.inside(t.resolve(name));
        }
        assertTrue(memo.insideExpected(t.resolve("missing-expected.yaml")));
        ContainmentMemo next = new ContainmentMemo(root, realRoot, shared);
        assertTrue(next.knownAbsent(t.resolve("missing.yaml")));
        assertTrue(next.knownAbsent(t.resolve("missing-expected.yaml")), "absent when probed as expected, too");
        for (String notAbsent : List.of("statistics.yaml", "linked.yaml", "dangling.yaml", "file/below.yaml",
                "never-judged.yaml")) {
            assertFalse(next.knownAbsent(t.resolve(notAbsent)), notAbsent);
        }
        Thread.sleep(20); // a clock tick: the creation below moves the directory's ctime past the stamp taken above
        Files.writeString(t.resolve("missing.yaml"), "x: 2\n");
        ContainmentMemo after = new ContainmentMemo(root, realRoot, shared);
        assertFalse(after.knownAbsent(t.resolve("missing.yaml")), "created since: its directory's stamp moved");
        assertFalse(after.knownAbsent(t.resolve("missing-expected.yaml")), "the same directory: nothing known of it now");
    }

    /**
     * An entry's directory and declared files, all found plain, are remembered as one group: a later call confirms them
     * from the two directories' stamps, giving no verdict of its own to the files, until a name in either directory
     * changes — a file or the directory itself turned into a link to the outside — or the entry declares other files.
     */
    @Test
    void anEntryFoundPlainIsConfirmedAsOneGroupUntilEitherDirectoryChanges() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.yaml"), "x: 1\n");
        Path t = Files.createDirectories(root.resolve("s/t"));
        Path stats = Files.writeString(t.resolve("statistics.yaml"), "x: 1\n");
        Files.writeString(t.resolve("ddl.sql"), "x\n");
        Map<String, Path> files = Map.of("statistics", stats, "ddl", t.resolve("ddl.sql"), "description",
                t.resolve("description.md"));
        Path realRoot = Containment.realRoot(root);
        PlainEntries shared = settledEntries();
        ContainmentMemo first = new ContainmentMemo(root, realRoot, shared);
        assertNull(first.firstOutside(t, files));
        assertEquals(Boolean.TRUE, first.verdicts().get(stats), "judged path by path");
        assertTrue(shared.group(t, files, PlainEntries::stamp) != null, "remembered as one group");
        assertEquals(null, shared.group(t, Map.of("statistics", stats), PlainEntries::stamp), "other files, no group");
        assertEquals(null, shared.group(root.resolve("s"), files, PlainEntries::stamp), "another directory, no group");

        ContainmentMemo next = new ContainmentMemo(root, realRoot, shared);
        assertNull(next.firstOutside(t, files));
        assertEquals(Boolean.TRUE, next.verdicts().get(t), "the directory's verdict, for the call's later questions");
        assertEquals(null, next.verdicts().get(stats), "confirmed by the stamps: no verdict of its own");
        assertEquals(Boolean.TRUE, next.allVerdicts().get(stats), "yet a check that judges every path again judges it");
        assertEquals(Boolean.TRUE, next.allVerdicts().get(t.resolve("description.md")));
        assertEquals(null, first.allVerdicts().get(root.resolve("s/u")), "nothing it never judged");
        assertTrue(first.allVerdicts().containsKey(stats));

        Thread.sleep(20); // a clock tick: each change below moves a directory's ctime past the stamps remembered
        relink(stats, outside.resolve("secret.yaml"));
        Thread.sleep(20);
        ContainmentMemo afterLink = new ContainmentMemo(root, realRoot, shared);
        assertEquals(stats, afterLink.firstOutside(t, files), "a declared file now a link to the outside");
        assertEquals(null, shared.group(t, files, PlainEntries::stamp), "a group with a link is never remembered");
        relink(stats, t.resolve("ddl.sql"));
        Thread.sleep(20);
        assertNull(new ContainmentMemo(root, realRoot, shared).firstOutside(t, files), "a link inside the root is inside");
        assertEquals(null, shared.group(t, files, PlainEntries::stamp), "but judged by the full check: no group");

        Files.delete(stats);
        Files.writeString(stats, "x: 2\n");
        Thread.sleep(20);
        assertNull(new ContainmentMemo(root, realRoot, shared).firstOutside(t, files));
        assertNull(new ContainmentMemo(root, realRoot, shared).firstOutside(t, files), "the group again");
        assertTrue(shared.group(t, files, PlainEntries::stamp) != null);
        Files.createDirectories(outside.resolve("t"));
        Files.writeString(outside.resolve("t/statistics.yaml"), "x: 1\n");
        relink(t, outside.resolve("t"));
        Thread.sleep(20);
        ContainmentMemo afterSwap = new ContainmentMemo(root, realRoot, shared);
        assertEquals(t, afterSwap.firstOutside(t, files), "the directory now a link to the outside");
        assertFalse(afterSwap.insideExpected(stats));
    }

    /**
     * An entry known only by its directory and the stamps an earlier process kept is confirmed as its group would be,
     * naming its files only for a check that judges every path again; once either directory changed, or the directory
     * became a link to the outside, it is not confirmed, and the caller judges the entry as any other.
     */
    @Test
    void anEntryKnownByKeptStampsIsConfirmedWithoutNamingItsFiles() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path t = Files.createDirectories(root.resolve("s/t"));
        Path stats = Files.writeString(t.resolve("statistics.yaml"), "x: 1\n");
        Path realRoot = Containment.realRoot(root);
        PlainEntries earlier = settledEntries();
        assertNull(new ContainmentMemo(root, realRoot, earlier).firstOutside(t, Map.of("statistics", stats)));
        ContainmentMemo.GroupStamps kept = earlier.groupStamps(t, Map.of("statistics", stats));
        int[] named = {0};
        Supplier<Map<?, Path>> files = () -> {
            named[0]++;
            return Map.of("statistics", stats);
        };

        PlainEntries.Stamp d = kept.directory();
        PlainEntries.Stamp p = kept.parent();
        PlainEntries.Stamp racyDirectory = new PlainEntries.Stamp(d.dev(), d.ino(), d.ctimeNanos(), d.ctimeNanos() / 1_000_000);
        PlainEntries.Stamp racyParent = new PlainEntries.Stamp(p.dev(), p.ino(), p.ctimeNanos(), p.ctimeNanos() / 1_000_000);
        assertFalse(new ContainmentMemo(root, realRoot, settledEntries()).confirmed(t,
                new ContainmentMemo.GroupStamps(p, racyDirectory), files), "a directory stamp taken within its racy window");
        assertFalse(new ContainmentMemo(root, realRoot, settledEntries()).confirmed(t,
                new ContainmentMemo.GroupStamps(racyParent, d), files), "a parent's stamp taken within its racy window");
        ContainmentMemo fresh = new ContainmentMemo(root, realRoot, settledEntries());
        assertTrue(fresh.confirmed(t, kept, files));
        assertEquals(Boolean.TRUE, fresh.verdicts().get(t));
        assertEquals(0, named[0], "its files not named to confirm it");
        assertEquals(Boolean.TRUE, fresh.allVerdicts().get(stats), "a check that judges every path again judges them");
        assertEquals(1, named[0]);

        Thread.sleep(20); // a clock tick: the change below moves the directory's ctime past the stamp kept
        Files.writeString(t.resolve("description.md"), "x\n");
        assertFalse(new ContainmentMemo(root, realRoot, settledEntries()).confirmed(t, kept, files),
                "a name added to the directory");
        Files.createDirectories(outside.resolve("t"));
        relink(t, outside.resolve("t"));
        Thread.sleep(20);
        ContainmentMemo afterSwap = new ContainmentMemo(root, realRoot, settledEntries());
        assertFalse(afterSwap.confirmed(t, kept, files), "the directory now a link to the outside");
        assertEquals(t, afterSwap.firstOutside(t, Map.of("statistics", stats)));
    }

    /**
     * No group is remembered whose verdicts did not all rest on the two stamps: a file outside the entry's directory, the
     * root as the directory, a directory changed within the racy window, a directory outside the root.
     */
    @Test
    void aGroupIsRememberedOnlyWhenEveryVerdictRestsOnTheTwoStamps() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path t = Files.createDirectories(root.resolve("s/t"));
        Path stats = Files.writeString(t.resolve("statistics.yaml"), "x: 1\n");
        Path below = Files.writeString(Files.createDirectories(t.resolve("sub")).resolve("x.yaml"), "x: 1\n");
        Path beside = Files.writeString(root.resolve("s/beside.yaml"), "x: 1\n");
        Path realRoot = Containment.realRoot(root);
        PlainEntries shared = settledEntries();
        Map<String, Path> deeper = Map.of("statistics", stats, "other", below);
        Map<String, Path> upper = Map.of("statistics", stats, "other", beside);
        Map<String, Path> atRoot = Map.of("m", root.resolve("manifest.yaml"));
        Map<String, Path> plainFiles = Map.of("statistics", stats);
        ContainmentMemo memo = new ContainmentMemo(root, realRoot, shared);
        assertNull(memo.firstOutside(t, deeper));
        assertEquals(null, shared.group(t, deeper, PlainEntries::stamp), "a file below the directory");
        assertNull(memo.firstOutside(t, upper));
        assertEquals(null, shared.group(t, upper, PlainEntries::stamp), "a file beside the directory");
        assertNull(memo.firstOutside(root, atRoot));
        assertEquals(dir.resolve("elsewhere"), memo.firstOutside(dir.resolve("elsewhere"), Map.of()), "outside the root");
        assertEquals(null, shared.group(dir.resolve("elsewhere"), Map.of(), PlainEntries::stamp));
        assertEquals(null, shared.group(root, atRoot, PlainEntries::stamp), "the root is judged by the full check");
        PlainEntries racy = new PlainEntries(TimeUnit.HOURS.toNanos(1), PlainEntries.MAX_PATHS);
        assertNull(new ContainmentMemo(root, realRoot, racy).firstOutside(t, plainFiles));
        assertEquals(null, racy.group(t, plainFiles, PlainEntries::stamp), "changed within the racy window");
        assertNull(memo.firstOutside(t, plainFiles));
        assertTrue(shared.group(t, plainFiles, PlainEntries::stamp) != null, "the same entry, its file beside it");
    }

    /**
     * What calls leave for later ones is kept per directory, not per path: a listing's calls over many tables, each
     * judging a table's directory, its declared files, the user-authored files present and the names absent, leave one
     * record per directory, and every path is still answered from it.
     */
    @Test
    void whatCallsLeaveIsOneRecordPerDirectoryHoweverManyOfItsPathsWereJudged() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        int tables = 40;
        List<Path> directories = new ArrayList<>();
        for (int i = 0; i < tables; i++) {
            Path t = Files.createDirectories(root.resolve("s/t" + i));
            for (String name : List.of("ddl.sql", "statistics.yaml", "relationships.yaml", "description.md")) {
                Files.writeString(t.resolve(name), "x\n");
            }
            directories.add(t);
        }
        Path realRoot = Containment.realRoot(root);
        PlainEntries shared = settledEntries();
        for (int call = 0; call < 2; call++) {
            ContainmentMemo memo = new ContainmentMemo(root, realRoot, shared);
            for (Path t : directories) {
                Map<String, Path> files = Map.of("ddl", t.resolve("ddl.sql"), "statistics", t.resolve("statistics.yaml"),
                        "relationships", t.resolve("relationships.yaml"));
                assertNull(memo.firstOutside(t, files));
                assertTrue(memo.inside(t.resolve("description.md")));
                assertTrue(memo.inside(t.resolve("statistics.annotations.yaml")));
            }
        }
        assertEquals(tables + 2, shared.directories(), "the tables' directories, s and the root: no record per path");
        assertEquals(5 + tables + 1, shared.names(), "each file name once, however many directories hold it");
        for (Path t : directories) {
            for (String name : List.of("ddl.sql", "statistics.yaml", "relationships.yaml", "description.md",
                    "statistics.annotations.yaml")) {
                assertEquals(t, shared.plainIn(t.resolve(name), PlainEntries::stamp), name);
            }
            assertTrue(shared.absentIn(t.resolve("statistics.annotations.yaml"), PlainEntries::stamp));
            assertFalse(shared.absentIn(t.resolve("description.md"), PlainEntries::stamp));
        }
    }

    /**
     * A group holds for exactly the files it was found with, key by key and path by path, and only while the parent
     * keeps its stamp too; a name remembered twice under one stamp is still known once.
     */
    @Test
    void aGroupHoldsForTheSameFilesOnlyAndWhileItsParentIsUnchanged() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path t = Files.createDirectories(root.resolve("s/t"));
        Path stats = Files.writeString(t.resolve("statistics.yaml"), "x: 1\n");
        Path ddl = Files.writeString(t.resolve("ddl.sql"), "x\n");
        Map<String, Path> files = Map.of("statistics", stats, "ddl", ddl);
        Path realRoot = Containment.realRoot(root);
        PlainEntries shared = settledEntries();
        assertNull(new ContainmentMemo(root, realRoot, shared).firstOutside(t, files));
        assertEquals(root.resolve("s"), shared.group(t, files, PlainEntries::stamp));
        assertEquals(null, shared.group(t, Map.of("statistics", stats, "ddl", t.resolve("other.sql")),
                PlainEntries::stamp), "another file under the same key");
        assertEquals(null, shared.group(t, Map.of("statistics", stats, "relationships", ddl), PlainEntries::stamp),
                "the same file under another key");

        PlainEntries.Stamp now = PlainEntries.stamp(t);
        shared.remember(ddl, t, now, false); // the first name of the directory's sorted names, known already
        shared.remember(ddl, t, now, false);
        assertEquals(t, shared.plainIn(ddl, x -> now), "remembered again, known once");
        assertEquals(t, shared.plainIn(stats, x -> now));

        Files.writeString(root.resolve("s/beside.yaml"), "x: 1\n");
        Thread.sleep(20);
        assertEquals(now, PlainEntries.stamp(t), "the table's directory unchanged");
        assertEquals(null, shared.group(t, files, PlainEntries::stamp), "its parent changed: no group");
    }

    @Test
    void theEntriesForgetEverythingWhenClearedOrPastTheirBound() throws Exception {
        Path d = Files.createDirectories(dir.resolve("d"));
        Thread.sleep(5); // a stamp of this very millisecond would still be racy
        PlainEntries.Stamp stamp = PlainEntries.stamp(d);
        PlainEntries entries = new PlainEntries(0, 2);
        entries.remember(d.resolve("a"), d, stamp, false);
        entries.remember(d.resolve("b"), d, stamp, false);
        assertEquals(d, entries.plainIn(d.resolve("a"), x -> stamp), "two paths fit a bound of two");
        assertEquals(d, entries.plainIn(d.resolve("b"), x -> stamp));
        entries.remember(d.resolve("a"), d, stamp, false);
        assertEquals(d, entries.plainIn(d.resolve("b"), x -> stamp), "a path remembered again takes no more room");
        entries.remember(d.resolve("c"), d, stamp, false);
        assertEquals(null, entries.plainIn(d.resolve("a"), x -> stamp), "a third starts again empty");
        assertEquals(null, entries.plainIn(d.resolve("b"), x -> stamp));
        assertEquals(d, entries.plainIn(d.resolve("c"), x -> stamp));
        entries.clear();
        Path t = Files.createDirectories(d.resolve("t"));
        Path u = Files.createDirectories(d.resolve("u"));
        Thread.sleep(5);
        PlainEntries.Stamp both = PlainEntries.stamp(t); // the stamps are only compared: one stands for each directory
        entries.rememberGroup(t, Map.of(), both, both);
        entries.rememberGroup(u, Map.of(), both, both);
        assertEquals(d, entries.group(t, Map.of(), x -> both), "two groups fit a bound of two");
        entries.rememberGroup(d.resolve("c"), Map.of(), both, both);
        assertEquals(null, entries.group(t, Map.of(), x -> both), "a third starts again empty");
        assertEquals(d, entries.group(d.resolve("c"), Map.of(), x -> both));
        entries.clear();
        assertEquals(null, entries.plainIn(d.resolve("c"), x -> stamp), "cleared");
        assertEquals(null, entries.group(d.resolve("c"), Map.of(), x -> stamp), "cleared");
        assertEquals(0, entries.directories());
        assertEquals(0, entries.names());
    }

    /** Replaces whatever is at {@code link} by a symbolic link to {@code target}. */
    private static void relink(Path link, Path target) {
        try {
            if (Files.isDirectory(link, LinkOption.NOFOLLOW_LINKS)) {
                try (var walk = Files.walk(link)) {
                    for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            } else {
                Files.deleteIfExists(link);
            }
            Files.createSymbolicLink(link, target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code root/s/t} holding a plain file, a link to a file in {@code outside}, a dangling link and a plain file where
     * a directory could be; {@code outside} holds {@code secret.yaml}.
     */
    private static Path tableWithEveryKindOfName(Path root, Path outside) throws IOException {
        Files.createDirectories(outside);
        Files.writeString(outside.resolve("secret.yaml"), "x: 1\n");
        Path t = Files.createDirectories(root.resolve("s/t"));
        Files.writeString(t.resolve("statistics.yaml"), "x: 1\n");
        Files.createSymbolicLink(t.resolve("linked.yaml"), outside.resolve("secret.yaml"));
        Files.createSymbolicLink(t.resolve("dangling.yaml"), outside.resolve("gone.yaml"));
        Files.writeString(t.resolve("file"), "not a directory");
        return t;
    }

    /** Entries with a 1 ms racy window, returned once the directories made just before are past it. */
    private static PlainEntries settledEntries() throws InterruptedException {
        PlainEntries entries = new PlainEntries(TimeUnit.MILLISECONDS.toNanos(1), PlainEntries.MAX_PATHS);
        Thread.sleep(30);
        return entries;
    }
}
