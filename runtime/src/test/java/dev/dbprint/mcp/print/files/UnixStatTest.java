package dev.dbprint.mcp.print.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The direct stat answers exactly what the named unix view answers. This module's tests run with {@code sun.nio.fs} open,
 * as the packaged application does, so the direct way is the one every store test takes.
 */
class UnixStatTest {

    @TempDir
    Path dir;

    @Test
    void isOpenWhereThePackageIsOpened() throws IOException {
        assertNotNull(PlainEntries.fromUnixStat(dir),
                "surefire opens java.base/sun.nio.fs, as the extension does for the application");
        assertNotNull(FileIdentity.fromUnixStat(Files.writeString(dir.resolve("a.yaml"), "a: 1\n")));
    }

    @Test
    void aDirectorysStampIsTheNamedViewsAndMovesWithItsEntries() throws Exception {
        Path d = Files.createDirectory(dir.resolve("t"));
        PlainEntries.Stamp before = PlainEntries.fromUnixStat(d);
        assertEquals(PlainEntries.namedViewStamp(d), before);
        assertEquals(before, PlainEntries.stamp(d));
        assertTrue(before.ctimeNanos() > 0 && before.ino() > 0);

        Thread.sleep(20); // past the file system's timestamp tick
        Files.writeString(d.resolve("statistics.annotations.yaml"), "columns: {}\n");
        PlainEntries.Stamp after = PlainEntries.fromUnixStat(d);
        assertNotEquals(before, after, "a name created changes the directory's ctime");
        assertEquals(PlainEntries.namedViewStamp(d), after);
        assertEquals(before.ino(), after.ino());
    }

    @Test
    void aFilesIdentityIsTheNamedViewsAndMovesWithARewrite() throws Exception {
        Path f = Files.writeString(dir.resolve("statistics.yaml"), "columns: []\n");
        FileIdentity before = FileIdentity.fromUnixStat(f);
        assertEquals(FileIdentity.fromUnixView(f), before);
        assertEquals(before, FileIdentity.of(f));
        assertEquals(12, before.size());

        Path next = Files.writeString(dir.resolve("next.yaml"), "columns: [a]\n");
        Files.move(next, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        FileIdentity after = FileIdentity.fromUnixStat(f);
        assertNotEquals(before.ino(), after.ino(), "an atomic rewrite is another inode");
        assertEquals(FileIdentity.fromUnixView(f), after);
    }

    @Test
    void aLinkIsFollowed() throws Exception {
        Path target = Files.createDirectory(dir.resolve("target"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), target);
        assertEquals(PlainEntries.fromUnixStat(target), PlainEntries.fromUnixStat(link));
        Path file = Files.writeString(target.resolve("f.yaml"), "a: 1\n");
        Path fileLink = Files.createSymbolicLink(dir.resolve("f-link.yaml"), file);
        assertEquals(FileIdentity.fromUnixStat(file), FileIdentity.fromUnixStat(fileLink));
    }

    @Test
    void aMissingPathFailsAsTheStatDoes() {
        assertThrows(NoSuchFileException.class, () -> PlainEntries.fromUnixStat(dir.resolve("absent")));
        assertThrows(NoSuchFileException.class, () -> FileIdentity.fromUnixStat(dir.resolve("absent.yaml")));
        assertEquals(PlainEntries.Stamp.NONE, PlainEntries.stamp(dir.resolve("absent")));
    }

    @Test
    void anotherFileSystemIsLeftToTheNamedView() throws IOException {
        Path zip = dir.resolve("p.zip");
        try (FileSystem fs = FileSystems.newFileSystem(URI.create("jar:" + zip.toUri()), Map.of("create", "true"))) {
            Path inside = Files.writeString(fs.getPath("/statistics.yaml"), "a: 1\n");
            assertNull(UnixStat.stat(inside));
            assertNull(FileIdentity.fromUnixStat(inside));
            assertNull(PlainEntries.fromUnixStat(fs.getPath("/")));
            // the public views answer there, or report no stamp at all
            assertEquals(5, FileIdentity.of(inside).size());
            assertEquals(PlainEntries.Stamp.NONE, PlainEntries.stamp(fs.getPath("/")));
        }
    }
}
