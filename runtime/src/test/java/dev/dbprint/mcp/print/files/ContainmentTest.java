package dev.dbprint.mcp.print.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.print.model.Artifact;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.PrintView;

class ContainmentTest {

    @TempDir
    Path tmp;

    final PrintStore store = new PrintStore();

    private Manifest manifest(Path root, String tables) {
        Fixtures.write(root.resolve("manifest.yaml"), "format_version: 1\nconnection: c\ntables:\n" + tables);
        return store.view("c", root).manifest();
    }

    private static String entry(String fqn, String path) {
        return "  " + fqn + ":\n    type: table\n    path: " + path
                + "\n    artifacts:\n      ddl: ddl.sql\n      statistics: statistics.yaml\n";
    }

    @Test
    void entriesLeadingOutsideTheRootAreNotFollowable() throws Exception {
        Path root = tmp.resolve("prints/c");
        Path outside = Files.createDirectories(tmp.resolve("elsewhere"));
        Fixtures.write(outside.resolve("statistics.yaml"), "secret: 1\n");
        Files.createDirectories(root.resolve("s"));
        Files.createSymbolicLink(root.resolve("s/link"), outside);
        Fixtures.write(root.resolve("s/ok/statistics.yaml"), "format_version: 1\ncolumns: {}\n");
        Files.createSymbolicLink(root.resolve("s/ok/ddl.sql"), outside.resolve("statistics.yaml"));
        Fixtures.write(root.resolve("s/stat/ddl.sql"), "create table t (a int);\n");
        Files.createSymbolicLink(root.resolve("s/stat/statistics.yaml"), outside.resolve("statistics.yaml"));
        Fixtures.write(root.resolve("s/fine/statistics.yaml"), "format_version: 1\ncolumns: {}\n");

        Manifest m = manifest(root, entry("s.dotdot", "s/../../../elsewhere")
                + entry("s.abs", outside.toString())
                + entry("s.link", "s/link")
                + entry("s.filelink", "s/ok")
                + entry("s.statlink", "s/stat")
                + "  s.notmap: [a, b]\n"
                + "  s.nopath:\n    path: 7\n"
                + "  s.badfile:\n    path: s/fine\n    artifacts:\n      statistics: ../../../elsewhere/statistics.yaml\n"
                + "  s.inner:\n    path: s/fine/../fine\n    artifacts:\n      statistics: statistics.yaml\n"
                + entry("s.fine", "s/fine"));

        for (String fqn : List.of("s.dotdot", "s.abs", "s.link", "s.filelink", "s.statlink", "s.notmap", "s.nopath",
                "s.badfile")) {
            TableEntry e = m.table(fqn);
            assertFalse(e.followable(), fqn);
            assertNull(e.dir(), fqn);
            assertTrue(e.files().isEmpty(), fqn);
            assertTrue(e.file(Artifact.STATISTICS).isEmpty(), fqn);
            assertTrue(e.file(Artifact.DESCRIPTION).isEmpty(), fqn);
            assertTrue(e.notFollowableReason() != null, fqn);
        }
        assertEquals("path is absolute", m.table("s.abs").notFollowableReason());
        assertEquals("path leads outside the connection root", m.table("s.dotdot").notFollowableReason());
        assertEquals("path resolves outside the connection root", m.table("s.link").notFollowableReason());
        assertEquals("artifacts.ddl resolves outside the connection root", m.table("s.filelink").notFollowableReason());
        assertEquals("artifacts.statistics resolves outside the connection root",
                m.table("s.statlink").notFollowableReason(), "the file outside is named, not the first declared");
        assertEquals("entry is not a mapping", m.table("s.notmap").notFollowableReason());
        assertEquals("path is not a string", m.table("s.nopath").notFollowableReason());
        assertTrue(m.table("s.fine").followable());
        assertTrue(m.table("s.inner").followable());
        assertEquals(List.of("s.inner", "s.fine"), m.followable().stream().map(TableEntry::fqn).toList());

        PrintView v = store.view("c", root);
        TableEntry link = v.manifest().table("s.link");
        PrintError err = assertThrows(PrintError.class, () -> v.statistics(link));
        assertEquals(PrintError.Kind.NOT_FOLLOWABLE, err.kind());
        assertTrue(v.statistics(v.manifest().table("s.fine")).isPresent());
    }

    @Test
    void aSymlinkAppearingLaterIsCaughtWithoutTheManifestChanging() throws Exception {
        Path root = tmp.resolve("prints/c");
        Path outside = Files.createDirectories(tmp.resolve("elsewhere"));
        Fixtures.write(root.resolve("s/t/statistics.yaml"), "format_version: 1\ncolumns: {}\n");
        assertTrue(manifest(root, entry("s.t", "s/t")).table("s.t").followable());
        Files.delete(root.resolve("s/t/statistics.yaml"));
        Files.delete(root.resolve("s/t"));
        Files.createSymbolicLink(root.resolve("s/t"), outside);
        assertFalse(store.view("c", root).manifest().table("s.t").followable());
    }

    @Test
    void anEmptyOrUnspellablePathSaysWhy() {
        Path root = tmp.resolve("prints/c");
        Manifest m = manifest(root, "  s.empty:\n    path: ''\n  s.nul:\n    path: \"s/t\\0x\"\n"
                + "  s.file:\n    path: s/t\n    artifacts:\n      ddl: ''\n");
        assertEquals("path is empty", m.table("s.empty").notFollowableReason());
        assertEquals("path is not a valid path", m.table("s.nul").notFollowableReason());
        assertEquals("artifacts.ddl is empty", m.table("s.file").notFollowableReason());
        for (String fqn : List.of("s.empty", "s.nul", "s.file")) {
            assertFalse(m.table(fqn).followable(), fqn);
        }
    }

    @Test
    void aRootThatDoesNotExistIsItsNormalisedAbsolutePath() throws Exception {
        Path real = tmp.toRealPath();
        assertEquals(real.resolve("prints/c"), Containment.realRoot(real.resolve("prints/absent/../c")));
    }

    @Test
    void aPathWithNoExistingAncestorIsNotInside() throws Exception {
        Path realRoot = tmp.toRealPath();
        assertFalse(Containment.realInside(realRoot, Path.of("no-such-directory-here/statistics.yaml")));
        assertTrue(Containment.realInside(realRoot, realRoot.resolve("absent/statistics.yaml")));
    }

    @Test
    void aNulCharacterIsNoValidRelativePath() {
        Path root = tmp.resolve("prints/c");
        for (String text : List.of("\0s/t", "s/\0t", "s/t\0")) {
            assertNull(Containment.resolveLexically(root, root, text), text);
        }
        assertEquals(root.resolve("s/t"), Containment.resolveLexically(root, root, "s/t"));
    }

    /** Every spelling resolves to the path its normalised resolution names, or to none when that leaves the root. */
    @Test
    void aPlainPathAndAnyOtherSpellingOfItResolveAlike() {
        Path root = tmp.resolve("prints/c");
        Path dir = root.resolve("s/t");
        for (String text : List.of("statistics.yaml", "a/b", ".hidden", "..x", "x..", "a/./b", "a//b", "a/b/", "./a",
                "a/../b", "..", ".", "../c/x", "../../x", "a/..", "/abs", "...")) {
            Path normalised = dir.resolve(text).normalize();
            Path expected = normalised.startsWith(root) && !normalised.equals(root) && !text.startsWith("/")
                    ? normalised
                    : null;
            assertEquals(expected, Containment.resolveLexically(root, dir, text), text);
        }
    }
}
