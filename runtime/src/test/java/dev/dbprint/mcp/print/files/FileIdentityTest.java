package dev.dbprint.mcp.print.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
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
        FileIdentity one = new FileIdentity(1, 2, 3, 4, 4);
        assertEquals(one, new FileIdentity(1, 2, 3, 4, 4));
        assertEquals(one.hashCode(), new FileIdentity(1, 2, 3, 4, 4).hashCode());
        for (FileIdentity other : new FileIdentity[]{new FileIdentity(9, 2, 3, 4, 4), new FileIdentity(1, 9, 3, 4, 4),
                new FileIdentity(1, 2, 9, 4, 4), new FileIdentity(1, 2, 3, 9, 4), new FileIdentity(1, 2, 3, 4, 9)}) {
            assertNotEquals(one, other);
            assertNotEquals(one.hashCode(), other.hashCode(), other.toString());
        }
        assertNotEquals(one, (Object) "1:2:3:4");
        assertTrue(one.exists());
        assertFalse(FileIdentity.ABSENT.exists());
        // when an identity was read is no part of it
        assertEquals(new FileIdentity(1, 2, 3, 4, 5, 10), new FileIdentity(1, 2, 3, 4, 5, 20));
        assertEquals(new FileIdentity(1, 2, 3, 4, 5, 10).hashCode(), new FileIdentity(1, 2, 3, 4, 5, 20).hashCode());

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
    void theIdentityIsTheUnixViewsDeviceInodeSizeModificationAndChangeTime() throws Exception {
        Path f = Files.writeString(dir.resolve("statistics.yaml"), "a: 1\n");
        Map<String, Object> unix = Files.readAttributes(f, "unix:dev,ino,size,lastModifiedTime,ctime");
        FileIdentity expected = new FileIdentity(((Number) unix.get("dev")).longValue(),
                ((Number) unix.get("ino")).longValue(), ((Number) unix.get("size")).longValue(),
                ((FileTime) unix.get("lastModifiedTime")).to(TimeUnit.NANOSECONDS),
                ((FileTime) unix.get("ctime")).to(TimeUnit.NANOSECONDS));
        assertEquals(expected, FileIdentity.of(f));
        assertEquals(expected, FileIdentity.of(f, true));
        Files.writeString(f, "a: 12\n");
        assertNotEquals(expected, FileIdentity.of(f, true), "a rewrite shows");
    }

    /**
     * A rewrite in place at the same size with its modification time put back ({@code cp -p}, {@code touch -r}) leaves
     * device, inode, size and mtime as they were; the change time, which no process can set back, tells it apart.
     */
    @Test
    void aRewriteWithItsModificationTimeRestoredIsAnotherIdentity() throws Exception {
        Path f = Files.writeString(dir.resolve("manifest.yaml"), "rows: 1200\n");
        FileTime mtime = Files.getLastModifiedTime(f);
        FileIdentity before = FileIdentity.of(f);
        Thread.sleep(20); // past the file system's timestamp tick
        Files.writeString(f, "rows: 1300\n");
        Files.setLastModifiedTime(f, mtime);
        FileIdentity after = FileIdentity.of(f);
        assertEquals(List.of(before.dev(), before.ino(), before.size(), before.mtimeNanos()),
                List.of(after.dev(), after.ino(), after.size(), after.mtimeNanos()), "everything but the ctime put back");
        assertNotEquals(before, after);
        assertNotEquals(before.token(), after.token());
    }

    /** An identity read within the racy window of the file's last change cannot vouch for a second write in the tick. */
    @Test
    void anIdentityReadSoonAfterAChangeIsRacy() throws Exception {
        long second = TimeUnit.SECONDS.toNanos(1);
        FileIdentity fresh = new FileIdentity(1, 2, 3, 4, TimeUnit.MILLISECONDS.toNanos(10_000), 10_500);
        assertTrue(fresh.racy(second));
        assertFalse(new FileIdentity(1, 2, 3, 4, TimeUnit.MILLISECONDS.toNanos(10_000), 11_000).racy(second));
        assertTrue(new FileIdentity(1, 2, 3, 4, TimeUnit.MILLISECONDS.toNanos(12_000), 11_000).racy(second),
                "a change time ahead of the clock");
        Path f = Files.writeString(dir.resolve("t.yaml"), "a: 1\n");
        assertTrue(FileIdentity.of(f).racy(PlainEntries.RACY_NANOS), "just written");
        assertFalse(FileIdentity.of(f).racy(0));
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
    void theUnixViewByNameGivesTheSameIdentityAsTheJdksAttributes() throws Exception {
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

    /** An index compares kept tokens in place: a token is read as the identity it spells, and no other. */
    @Test
    void aTokenIsSpelledOnlyByItsIdentity() {
        FileIdentity id = new FileIdentity(64_769, -3, 120, 1_700_000_000_123_456_789L, 1_700_000_001_000_000_000L);
        String text = "x\0" + id.token() + "\0";
        assertTrue(id.spelledBy(text, 2, text.length() - 1));
        assertTrue(FileIdentity.ABSENT.spelledBy("absent", 0, 6));
        assertFalse(FileIdentity.ABSENT.spelledBy(text, 2, text.length() - 1));
        assertFalse(id.spelledBy("absent", 0, 6));
        for (String other : List.of("64769:-3:121:1700000000123456789:1700000001000000000",
                "64769:-3:120:1700000000123456789", "64769:-3:120:1700000000123456789:1700000001000000000:7",
                "64769:-3:120:1700000000123456789:17000000010000000x0", "")) {
            assertFalse(id.spelledBy(other, 0, other.length()), other);
        }
    }
}
