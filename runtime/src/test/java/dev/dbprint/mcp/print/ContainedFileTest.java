package dev.dbprint.mcp.print;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    private byte[] readBelow(Path real) throws IOException {
        try (DirectoryStream<Path> top = Files.newDirectoryStream(root)) {
            assumeTrue(top instanceof SecureDirectoryStream, "no SecureDirectoryStream on this platform");
            return ContainedFile.readBelow((SecureDirectoryStream<Path>) top, root, real);
        }
    }
}
