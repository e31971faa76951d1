package dev.dbprint.mcp.print.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.print.Fixtures;

class ContainedFileTest {

    @TempDir
    Path tmp;

    Path root;
    Path outside;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(tmp.toRealPath().resolve("prints/c"));
        outside = Files.createDirectories(tmp.toRealPath().resolve("outside/t"));
        Fixtures.write(outside.resolve("ddl.sql"), "secret");
    }

    @Test
    void readsAFileUnderTheRootWithItsIdentity() throws IOException {
        Path f = Fixtures.write(root.resolve("t/ddl.sql"), "create table t ();");
        ContainedFile.Contents c = ContainedFile.read(root, f);
        assertArrayEquals("create table t ();".getBytes(StandardCharsets.UTF_8), c.bytes());
        assertEquals(FileIdentity.of(f), c.identity());
    }

    @Test
    void aLinkThatStaysUnderTheRootIsFollowedToItsFile() throws IOException {
        Path real = Fixtures.write(root.resolve("shared/ddl.sql"), "inside");
        Path link = Files.createDirectories(root.resolve("t")).resolve("ddl.sql");
        Files.createSymbolicLink(link, real);
        ContainedFile.Contents c = ContainedFile.read(root, link);
        assertEquals("inside", new String(c.bytes(), StandardCharsets.UTF_8));
        assertEquals(FileIdentity.of(real), c.identity());
    }

    @Test
    void aFileOrDirectoryLinkedOutsideTheRootIsRefused() throws IOException {
        Path fileLink = Files.createDirectories(root.resolve("a")).resolve("ddl.sql");
        Files.createSymbolicLink(fileLink, outside.resolve("ddl.sql"));
        assertThrows(ContainedFile.Outside.class, () -> ContainedFile.read(root, fileLink));
        Files.createSymbolicLink(root.resolve("b"), outside);
        assertThrows(ContainedFile.Outside.class, () -> ContainedFile.read(root, root.resolve("b/ddl.sql")));
    }

    /** A path under the root as written, no link on the way, is opened as written: its real path is not resolved. */
    @Test
    void aPlainPathUnderTheRootIsReadWithoutResolvingItsRealPath() throws IOException {
        try (DirectoryStream<Path> top = Files.newDirectoryStream(root)) {
            assumeTrue(top instanceof SecureDirectoryStream, "a platform without it judges every path");
        }
        Path f = Fixtures.write(root.resolve("s/t/ddl.sql"), "inside");
        ContainedFile.Contents c = ContainedFile.read(root, f, (r, p) -> {
            throw new AssertionError("judged " + p);
        });
        assertEquals("inside", new String(c.bytes(), StandardCharsets.UTF_8));
        assertEquals(FileIdentity.of(f), c.identity());
    }

    /** A link as written fails the open as written, and where it leads decides, as for any path. */
    @Test
    void aLinkAsWrittenIsJudgedByWhereItLeads() throws IOException {
        Path real = Fixtures.write(root.resolve("shared/ddl.sql"), "inside");
        Files.createSymbolicLink(root.resolve("t"), root.resolve("shared"));
        Files.createSymbolicLink(root.resolve("u"), outside);
        List<Path> judged = new ArrayList<>();
        ContainedFile.Judge counting = (r, p) -> {
            judged.add(p);
            return ContainedFile.judge(r, p);
        };
        ContainedFile.Contents c = ContainedFile.read(root, root.resolve("t/ddl.sql"), counting);
        assertEquals("inside", new String(c.bytes(), StandardCharsets.UTF_8));
        assertEquals(FileIdentity.of(real), c.identity());
        assertThrows(ContainedFile.Outside.class, () -> ContainedFile.read(root, root.resolve("u/ddl.sql"), counting));
        assertEquals(List.of(root.resolve("t/ddl.sql"), root.resolve("u/ddl.sql")), judged);
    }

    /** The root itself, and a sibling whose name begins with the root's, are no files under the root. */
    @Test
    void neitherTheRootNorASiblingThatSharesItsNameIsUnderIt() throws IOException {
        Path sibling = Fixtures.write(tmp.toRealPath().resolve("prints/c2/t/ddl.sql"), "beside");
        assertThrows(ContainedFile.Outside.class, () -> ContainedFile.read(root, sibling));
        assertThrows(ContainedFile.Outside.class, () -> ContainedFile.read(root, root));
    }

    /** A ".." is never opened as written: it would climb out of the root. */
    @Test
    void aPathThatClimbsOutOfTheRootIsRefused() throws IOException {
        Files.createDirectories(root.resolve("t"));
        Path climbing = root.resolve("t/../../../outside/t/ddl.sql");
        assertTrue(climbing.startsWith(root));
        assertThrows(ContainedFile.Outside.class, () -> ContainedFile.read(root, climbing));
    }

    @Test
    void aDirectoryThatTurnsIntoAnOutsideLinkAfterTheJudgementIsNotFollowed() throws IOException {
        Path f = Fixtures.write(root.resolve("t/ddl.sql"), "inside");
        Path real = ContainedFile.judge(root, f);
        Files.delete(f);
        Files.delete(root.resolve("t"));
        Files.createSymbolicLink(root.resolve("t"), outside); // the race: t/ddl.sql now reads the outside file
        assertEquals("secret", Files.readString(f));
        assertThrows(ContainedFile.Raced.class, () -> readBelow(real));
    }

    @Test
    void aFileThatTurnsIntoAnOutsideLinkAfterTheJudgementIsNotFollowed() throws IOException {
        Path f = Fixtures.write(root.resolve("t/ddl.sql"), "inside");
        Path real = ContainedFile.judge(root, f);
        Files.delete(f);
        Files.createSymbolicLink(f, outside.resolve("ddl.sql"));
        assertThrows(ContainedFile.Raced.class, () -> readBelow(real));
    }

    @Test
    void aDirectoryWhereAFileBelongsIsNotRead() throws IOException {
        Path d = Files.createDirectories(root.resolve("t/ddl.sql"));
        IOException e = assertThrows(IOException.class, () -> ContainedFile.read(root, d));
        assertFalse(e instanceof ContainedFile.Raced || e instanceof ContainedFile.Outside, e.toString());
    }

    @Test
    void aDirectoryWhereAFileBelongsIsRefusedBeforeItIsOpened() throws IOException {
        Path d = Files.createDirectories(root.resolve("t/ddl.sql"));
        FileSystemException e = assertThrows(FileSystemException.class, () -> ContainedFile.open(root, d));
        assertEquals("not a regular file", e.getReason(), "refused by its attributes, not by a failed read");
    }

    @Test
    void aFileWhereADirectoryBelongsFailsAsItselfNotAsARace() throws IOException {
        Fixtures.write(root.resolve("t"), "a file");
        Path real = root.resolve("t/ddl.sql");
        IOException e = assertThrows(IOException.class, () -> readBelow(real));
        assertFalse(e instanceof ContainedFile.Raced, e.toString());
        assertTrue(e instanceof FileSystemException, e.toString());
    }

    @Test
    void closingAnOpenedFileClosesItsChannel() throws IOException {
        Path f = Fixtures.write(root.resolve("t/ddl.sql"), "x");
        ContainedFile.Opened opened = ContainedFile.open(root, f);
        assertTrue(opened.channel().isOpen());
        opened.close();
        assertFalse(opened.channel().isOpen());
    }

    /** Every directory opened on the way down is closed again, whether the open succeeds or fails. */
    @Test
    void noDescriptorIsLeftOpenByReadsThroughNestedDirectories() throws IOException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "no /proc/self/fd to count descriptors in");
        Path f = Fixtures.write(root.resolve("a/b/c/ddl.sql"), "deep");
        Fixtures.write(root.resolve("a/b/file"), "not a directory");
        long before = openDescriptors();
        for (int i = 0; i < 40; i++) {
            assertEquals("deep", new String(ContainedFile.read(root, f).bytes(), StandardCharsets.UTF_8));
            assertThrows(IOException.class, () -> readBelow(root.resolve("a/b/file/ddl.sql")));
        }
        assertTrue(openDescriptors() - before < 20, "descriptors leak: " + before + " -> " + openDescriptors());
    }

    @Test
    void withoutASecureDirectoryStreamTheFileIsOpenedWhenItStillJudgesToTheSamePath() throws IOException {
        Path f = Fixtures.write(root.resolve("t/ddl.sql"), "inside");
        try (ContainedFile.Opened opened = ContainedFile.openJudgedAgain(root, f, ContainedFile.judge(root, f))) {
            assertEquals("inside", new String(java.nio.channels.Channels.newInputStream(opened.channel()).readAllBytes(),
                    StandardCharsets.UTF_8));
            assertEquals(FileIdentity.of(f), opened.identity());
        }
    }

    @Test
    void withoutASecureDirectoryStreamALinkMovedAfterTheJudgementIsARaceAndNothingStaysOpen() throws IOException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "no /proc/self/fd to count descriptors in");
        Path judged = Fixtures.write(root.resolve("t/old.sql"), "judged");
        Fixtures.write(root.resolve("t/new.sql"), "now");
        Path link = root.resolve("t/ddl.sql");
        Files.createSymbolicLink(link, root.resolve("t/new.sql")); // it pointed at old.sql when judged
        long before = openDescriptors();
        for (int i = 0; i < 40; i++) {
            assertThrows(ContainedFile.Raced.class, () -> ContainedFile.openJudgedAgain(root, link, judged));
        }
        assertTrue(openDescriptors() - before < 20, "descriptors leak: " + before + " -> " + openDescriptors());
    }

    private static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    private byte[] readBelow(Path real) throws IOException {
        try (DirectoryStream<Path> top = Files.newDirectoryStream(root)) {
            assumeTrue(top instanceof SecureDirectoryStream, "no SecureDirectoryStream on this platform");
            try (var channel = ContainedFile.openBelow((SecureDirectoryStream<Path>) top, root, real)) {
                return java.nio.channels.Channels.newInputStream(channel).readAllBytes();
            }
        }
    }
}
