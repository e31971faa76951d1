package dev.dbprint.mcp.print;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file's identity is the same numbers however it is read, and an absence is an absence either way it is probed. */
class FileIdentityTest {

    @TempDir
    Path dir;

    /** Two identities (and two directory stamps) are equal exactly when every field is, and equal ones hash alike. */
    @Test
    void equalityAndHashingTellEveryFieldApart() {
        FileIdentity one = new FileIdentity(1, 2, 3, 4);
        assertEquals(one, new FileIdentity(1, 2, 3, 4));
        assertEquals(one.hashCode(), new FileIdentity(1, 2, 3, 4).hashCode());
        for (FileIdentity other : new FileIdentity[]{new FileIdentity(9, 2, 3, 4), new FileIdentity(1, 9, 3, 4),
                new FileIdentity(1, 2, 9, 4), new FileIdentity(1, 2, 3, 9)}) {
            assertNotEquals(one, other);
            assertNotEquals(one.hashCode(), other.hashCode(), other.toString());
        }
        assertNotEquals(one, (Object) "1:2:3:4");
        assertTrue(one.exists());
        assertFalse(FileIdentity.ABSENT.exists());

        PlainEntries.Stamp stamp = new PlainEntries.Stamp(1, 2, 3);
        assertEquals(stamp, new PlainEntries.Stamp(1, 2, 3));
        assertEquals(stamp.hashCode(), new PlainEntries.Stamp(1, 2, 3).hashCode());
        // when a stamp was taken is no part of what it says of its directory
        assertEquals(new PlainEntries.Stamp(1, 2, 3, 10), new PlainEntries.Stamp(1, 2, 3, 20));
        assertEquals(new PlainEntries.Stamp(1, 2, 3, 10).hashCode(), new PlainEntries.Stamp(1, 2, 3, 20).hashCode());
        for (PlainEntries.Stamp other : new PlainEntries.Stamp[]{new PlainEntries.Stamp(9, 2, 3),
                new PlainEntries.Stamp(1, 9, 3), new PlainEntries.Stamp(1, 2, 9)}) {
            assertNotEquals(stamp, other);
            assertNotEquals(stamp.hashCode(), other.hashCode(), other.toString());
        }
        assertNotEquals(stamp, (Object) one);
    }

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

    @Test
    void theUnixViewByNameGivesTheSameIdentityAsTheFileKey() throws Exception {
        Path f = Files.writeString(dir.resolve("statistics.yaml"), "a: 1\n");
        assertEquals(FileIdentity.of(f), FileIdentity.fromUnixView(f));
    }

    /** A file system without the unix view (a zip here) still gives files an identity, and absences read as absent. */
    @Test
    void aFileSystemWithoutTheUnixViewStillGivesIdentities() throws Exception {
        try (FileSystem zip = FileSystems.newFileSystem(dir.resolve("print.zip"), Map.of("create", "true"))) {
            Path f = Files.writeString(zip.getPath("/statistics.yaml"), "a: 1\n");
            FileIdentity id = FileIdentity.of(f);
            assertTrue(id.exists());
            assertEquals(5, id.size());
            assertEquals(Files.getLastModifiedTime(f).to(TimeUnit.NANOSECONDS), id.mtimeNanos());
            assertEquals(FileIdentity.ABSENT, FileIdentity.of(zip.getPath("/missing.yaml")));
        }
    }

    /**
     * Only a miss is an absence: a path that cannot be resolved (a link loop) stated as a file last seen present fails
     * with its reason. Probed as likely absent, File.exists sees no file under a readable directory, which is an absence.
     */
    @Test
    void aFailureOtherThanAMissIsReportedNotTakenForAnAbsence() throws Exception {
        Path loop = Files.createSymbolicLink(dir.resolve("loop"), dir.resolve("loop"));
        FileSystemException e = assertThrows(FileSystemException.class, () -> FileIdentity.of(loop, true));
        assertFalse(e instanceof java.nio.file.NoSuchFileException, e.toString());
        assertEquals(FileIdentity.ABSENT, FileIdentity.of(loop));
        assertEquals(FileIdentity.ABSENT, FileIdentity.of(loop, false));
    }

    /** A file in a directory this process may not search is not known to be absent: the denial is reported. */
    @Test
    void aPermissionDeniedIsReportedNotTakenForAnAbsence() throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")), "root searches every directory");
        Path locked = Files.createDirectories(dir.resolve("locked"));
        Files.writeString(locked.resolve("statistics.yaml"), "a: 1\n");
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        try {
            for (boolean likelyPresent : new boolean[]{false, true}) {
                assertThrows(AccessDeniedException.class,
                        () -> FileIdentity.of(locked.resolve("statistics.yaml"), likelyPresent));
            }
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
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
