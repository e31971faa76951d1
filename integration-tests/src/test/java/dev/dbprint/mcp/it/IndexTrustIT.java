package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.security.auth.module.UnixSystem;

/**
 * The on-disk index across real processes, where what a process may read, or whose index it is, is not what it was: a
 * file the process cannot open now is never answered from the index, and a configured index directory that others may
 * write is not used. Run as root, the servers run as {@code nobody} ({@code setpriv}), so that permissions bind them.
 */
class IndexTrustIT {

    private static final boolean ROOT = new UnixSystem().getUid() == 0;
    private static final int NOBODY = 65534;
    /** A group {@code nobody} is put in, or not, by {@code setpriv}. */
    private static final int READERS = 4242;
    /** Past the racy window (2 s) of the files' last change, so a process keeps their trees in the index. */
    private static final long SETTLE_MS = 2_100;

    @TempDir
    Path dir;

    private static final List<String> CALLS = List.of(
            "{\"name\": \"get_table_context\", \"arguments\": {\"table\": \"rental.ride\", \"purpose\": \"query\"}}",
            "{\"name\": \"search_columns\", \"arguments\": {\"text\": \"GPS\"}}");

    /** One fresh server's replies to {@link #CALLS}, run with {@code user} before {@code java} (empty: as this user). */
    private List<String> session(Path project, List<String> user, String... jvmOptions) {
        return run(project, user, jvmOptions).replies;
    }

    private record Session(List<String> replies, String stderr) {
    }

    private Session run(Path project, List<String> user, String... jvmOptions) {
        List<String> command = new ArrayList<>(user);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add(ServerProcess.LAUNCHER_HEAP);
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-jar", ServerProcess.runnerJar().toString(), "--project", project.toString()));
        ServerProcess server = ServerProcess.spawn(new ProcessBuilder(command).directory(project.toFile()));
        try {
            server.initialize("2025-11-25");
            List<String> out = new ArrayList<>();
            for (String call : CALLS) {
                JsonNode reply = server.request("tools/call", ServerProcess.JSON.readTree(call));
                out.add(reply.path("result").path("content").path(0).path("text").asText());
            }
            server.closeStdin();
            assertEquals(0, server.waitForExit(), server.stderr());
            return new Session(out, server.stderr());
        } catch (IOException e) {
            throw new AssertionError(e);
        } finally {
            server.kill();
        }
    }

    /** {@code setpriv} to {@code nobody} with the given group options, when root; else nothing (this user). */
    private static List<String> nobody(String... groups) {
        if (!ROOT) {
            return List.of();
        }
        List<String> c = new ArrayList<>(List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY));
        c.addAll(List.of(groups));
        return c;
    }

    /** A copy of the sample project and an index directory, both owned by whoever the servers run as. */
    private Path project() throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path project = SamplePrint.copyTo(dir.resolve("project"));
        Path index = Files.createDirectory(dir.resolve("index"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        if (ROOT) {
            try (Stream<Path> files = Stream.concat(Files.walk(project), Stream.of(index))) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    Files.setAttribute(p, "unix:uid", NOBODY);
                    Files.setAttribute(p, "unix:gid", NOBODY);
                }
            }
        }
        return project;
    }

    private String indexAt() {
        return "-Ddbprint.index.directory=" + dir.resolve("index");
    }

    private Path notes(Path project) {
        return SamplePrint.root(project).resolve("rental/ride/statistics.annotations.yaml");
    }

    /** {@code chmod 000} on a file whose tree the index keeps: the call fails as it does with no index. */
    @Test
    void aFileMadeUnreadableIsNotAnsweredFromTheIndex() throws Exception {
        Path project = project();
        Thread.sleep(SETTLE_MS);
        List<String> readable = session(project, nobody("--clear-groups"), indexAt());
        assertTrue(readable.get(0).contains("GPS fix was lost"), readable.get(0));

        Files.setPosixFilePermissions(notes(project), PosixFilePermissions.fromString("---------"));
        List<String> off = session(project, nobody("--clear-groups"), "-Ddbprint.index.enabled=false");
        assertTrue(off.get(0).contains("cannot read"), off.get(0));
        assertEquals(off, session(project, nobody("--clear-groups"), indexAt()));
    }

    /**
     * A file readable through a group the process is no longer in: nothing about the file changed, so its identity
     * still matches the index, yet the process cannot open it, and the call fails as it does with no index.
     */
    @Test
    void aFileReadableOnlyThroughAGroupTheProcessLeftIsNotAnsweredFromTheIndex() throws Exception {
        assumeTrue(ROOT, "setting a process's groups needs root");
        Path project = project();
        Path notes = notes(project);
        Files.setAttribute(notes, "unix:uid", 0);
        Files.setAttribute(notes, "unix:gid", READERS);
        Files.setPosixFilePermissions(notes, PosixFilePermissions.fromString("rw-r-----"));
        Thread.sleep(SETTLE_MS);
        List<String> member = session(project, nobody("--groups=" + READERS), indexAt());
        assertTrue(member.get(0).contains("GPS fix was lost"), member.get(0));

        List<String> off = session(project, nobody("--clear-groups"), "-Ddbprint.index.enabled=false");
        assertTrue(off.get(0).contains("cannot read"), off.get(0));
        assertNotEquals(member, off);
        assertEquals(off, session(project, nobody("--clear-groups"), indexAt()));
    }

    /** A configured index directory its group may write is not used: one log line says so, the replies are unchanged. */
    @Test
    void aConfiguredDirectoryOthersMayWriteIsIgnoredWithOneLogLine() throws Exception {
        Path project = SamplePrint.copyTo(dir.resolve("project"));
        Path shared = Files.createDirectory(dir.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxr-x"));
        Thread.sleep(SETTLE_MS);
        List<String> off = session(project, List.of(), "-Ddbprint.index.enabled=false");

        Session on = run(project, List.of(), "-Ddbprint.index.directory=" + shared);
        assertEquals(off, on.replies());
        List<String> said = on.stderr().lines().filter(l -> l.contains("Ignoring the index directory")).toList();
        assertEquals(1, said.size(), on.stderr());
        assertTrue(said.get(0).contains("writable by its group or others (mode 0775)"), said.get(0));
        try (Stream<Path> files = Files.list(shared)) {
            assertFalse(files.findAny().isPresent(), "nothing written there");
        }
    }
}
