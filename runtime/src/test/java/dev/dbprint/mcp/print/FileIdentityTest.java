package dev.dbprint.mcp.print;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file's identity is the same numbers however it is read, and an absence is an absence either way it is probed. */
class FileIdentityTest {

    @TempDir
    Path dir;

    @Test
    void theIdentityIsTheUnixViewsDeviceInodeSizeAndModificationTime() throws Exception {
        Path f = Files.writeString(dir.resolve("statistics.yaml"), "a: 1\n");
        Map<String, Object> unix = Files.readAttributes(f, "unix:dev,ino,size,lastModifiedTime");
        FileIdentity expected = new FileIdentity(((Number) unix.get("dev")).longValue(),
                ((Number) unix.get("ino")).longValue(), ((Number) unix.get("size")).longValue(),
                ((FileTime) unix.get("lastModifiedTime")).to(TimeUnit.NANOSECONDS));
        assertEquals(expected, FileIdentity.of(f));
        assertEquals(expected, FileIdentity.of(f, true));
        assertEquals(expected, FileIdentity.fromUnixKey(Files.readAttributes(f, BasicFileAttributes.class)));
        Files.writeString(f, "a: 12\n");
        assertNotEquals(expected, FileIdentity.of(f, true), "a rewrite shows");
    }

    @Test
    void aFileKeyOfAnotherSpellingIsNotGuessedAt() throws Exception {
        BasicFileAttributes real = Files.readAttributes(Files.writeString(dir.resolve("f"), "x"),
                BasicFileAttributes.class);
        for (Object key : new Object[]{null, "inode-7", "(dev=zz,ino=1)", "(dev=1,ino=)", "(dev=1,ino=2"}) {
            assertNull(FileIdentity.fromUnixKey(withKey(real, key)), String.valueOf(key));
        }
        assertEquals(new FileIdentity(0x1f, 42, real.size(), real.lastModifiedTime().to(TimeUnit.NANOSECONDS)),
                FileIdentity.fromUnixKey(withKey(real, "(dev=1f,ino=42)")));
    }

    @Test
    void anAbsenceReadsTheSameWhetherTheFileWasLastSeenOrNot() throws Exception {
        Path plain = Files.writeString(dir.resolve("plain"), "x");
        for (boolean likelyPresent : new boolean[]{false, true}) {
            assertEquals(FileIdentity.ABSENT, FileIdentity.of(dir.resolve("missing"), likelyPresent));
            assertEquals(FileIdentity.ABSENT, FileIdentity.of(plain.resolve("below"), likelyPresent),
                    "under a plain file");
            assertEquals(FileIdentity.ABSENT,
                    FileIdentity.of(Files.createSymbolicLink(dir.resolve("dangling" + likelyPresent), dir.resolve("gone")),
                            likelyPresent));
        }
    }

    private static BasicFileAttributes withKey(BasicFileAttributes real, Object key) {
        return new BasicFileAttributes() {

            public FileTime lastModifiedTime() {
                return real.lastModifiedTime();
            }

            public FileTime lastAccessTime() {
                return real.lastAccessTime();
            }

            public FileTime creationTime() {
                return real.creationTime();
            }

            public boolean isRegularFile() {
                return true;
            }

            public boolean isDirectory() {
                return false;
            }

            public boolean isSymbolicLink() {
                return false;
            }

            public boolean isOther() {
                return false;
            }

            public long size() {
                return real.size();
            }

            public Object fileKey() {
                return key;
            }
        };
    }
}
