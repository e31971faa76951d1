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
        assertNotNull(UnixStat.stamp(dir), "surefire opens java.base/sun.nio.fs, as the extension does for the application");
        assertNotNull(UnixStat.identity(Files.writeString(dir.resolve("a.yaml"), "a: 1\n")));
    }

    @Test
    void aDirectorysStampIsTheNamedViewsAndMovesWithItsEntries() throws Exception {
        Path d = Files.createDirectory(dir.resolve("t"));
        PlainEntries.Stamp before = UnixStat.stamp(d);
        assertEquals(PlainEntries.namedViewStamp(d), before);
        assertEquals(before, PlainEntries.stamp(d));
        assertTrue(before.ctimeNanos() > 0 && before.ino() > 0);

        Thread.sleep(20); // past the file system's timestamp tick
        Files.writeString(d.resolve("statistics.annotations.yaml"), "columns: {}\n");
        PlainEntries.Stamp after = UnixStat.stamp(d);
        assertNotEquals(before, after, "a name created changes the directory's ctime");
        assertEquals(PlainEntries.namedViewStamp(d), after);
        assertEquals(before.ino(), after.ino());
    }

    @Test
    void aFilesIdentityIsTheNamedViewsAndMovesWithARewrite() throws Exception {
        Path f = Files.writeString(dir.resolve("statistics.yaml"), "columns: []\n");
        FileIdentity before = UnixStat.identity(f);
        assertEquals(FileIdentity.fromUnixView(f), before);
        assertEquals(before, FileIdentity.of(f));
        assertEquals(12, before.size());

        Path next = Files.writeString(dir.resolve("next.yaml"), "columns: [a]\n");
        Files.move(next, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        FileIdentity after = UnixStat.identity(f);
        assertNotEquals(before.ino(), after.ino(), "an atomic rewrite is another inode");
        assertEquals(FileIdentity.fromUnixView(f), after);
    }

    @Test
    void aLinkIsFollowed() throws Exception {
        Path target = Files.createDirectory(dir.resolve("target"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), target);
        assertEquals(UnixStat.stamp(target), UnixStat.stamp(link));
        Path file = Files.writeString(target.resolve("f.yaml"), "a: 1\n");
        Path fileLink = Files.createSymbolicLink(dir.resolve("f-link.yaml"), file);
        assertEquals(UnixStat.identity(file), UnixStat.identity(fileLink));
    }

    @Test
    void aMissingPathFailsAsTheStatDoes() {
        assertThrows(NoSuchFileException.class, () -> UnixStat.stamp(dir.resolve("absent")));
        assertThrows(NoSuchFileException.class, () -> UnixStat.identity(dir.resolve("absent.yaml")));
        assertEquals(PlainEntries.Stamp.NONE, PlainEntries.stamp(dir.resolve("absent")));
    }

    @Test
    void anotherFileSystemIsLeftToTheNamedView() throws IOException {
        Path zip = dir.resolve("p.zip");
        try (FileSystem fs = FileSystems.newFileSystem(URI.create("jar:" + zip.toUri()), Map.of("create", "true"))) {
            Path inside = Files.writeString(fs.getPath("/statistics.yaml"), "a: 1\n");
            assertNull(UnixStat.identity(inside));
            assertNull(UnixStat.stamp(fs.getPath("/")));
            // the public views answer there, or report no stamp at all
            assertEquals(5, FileIdentity.of(inside).size());
            assertEquals(PlainEntries.Stamp.NONE, PlainEntries.stamp(fs.getPath("/")));
        }
    }
}
