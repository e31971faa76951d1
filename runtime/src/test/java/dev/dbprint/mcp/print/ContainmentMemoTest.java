package dev.dbprint.mcp.print;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
        PlainEntries shared = new PlainEntries(TimeUnit.MILLISECONDS.toNanos(20));
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
        PlainEntries.Stamp table = PlainEntries.stamp(root.resolve("s"));
        assertFalse(shared.plain(root.resolve("s"), table, "t"), "a link is never remembered as plain");
    }

    @Test
    void aDirectoryChangedWithinTheRacyWindowIsNotRemembered() throws Exception {
        Path d = Files.createDirectories(dir.resolve("fresh"));
        Files.writeString(d.resolve("f"), "x");
        PlainEntries entries = new PlainEntries();
        PlainEntries.Stamp now = PlainEntries.stamp(d);
        entries.remember(d, now, "f");
        assertFalse(entries.plain(d, now, "f"), "changed a moment ago: a second change in the same tick would not show");
        PlainEntries eager = new PlainEntries(0);
        eager.remember(d, now, "f");
        assertTrue(eager.plain(d, now, "f"));
        assertFalse(eager.plain(d, now, "g"));
        assertFalse(eager.plain(d, new PlainEntries.Stamp(now.dev(), now.ino(), now.ctimeNanos() + 1), "f"));
        assertFalse(eager.plain(d, PlainEntries.Stamp.NONE, "f"));
        PlainEntries.Stamp none = PlainEntries.stamp(dir.resolve("absent"));
        assertEquals(PlainEntries.Stamp.NONE, none);
        eager.remember(dir.resolve("absent"), none, "f");
        assertFalse(eager.plain(dir.resolve("absent"), none, "f"), "an unreadable directory is never remembered");
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
}
