package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The on-disk index across real processes, as a stdio client spawns them: a second process serves from what the first
 * wrote, two processes may write it at once, and a corrupt index file changes nothing — every reply is the same text as
 * a process with the index switched off gives.
 */
class SearchIndexIT {

    @TempDir
    Path dir;

    /** Past the racy window (2 s) of the copy's files: a tree of a file changed within it is not kept. */
    private static final long SETTLE_MS = 2_100;

    /** One fresh server's replies to {@link ToolSession#CALLS}, with {@code options} before {@code -jar}. */
    private List<String> session(Path project, String... options) throws IOException {
        return ToolSession.replies(ServerProcess.start(List.of(options), project, "--project", project.toString()),
                ToolSession.CALLS);
    }

    private List<Path> indexFiles(Path index) throws IOException {
        if (!Files.isDirectory(index)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(index)) {
            return s.filter(p -> p.toString().endsWith(".trees")).toList();
        }
    }

    private static boolean validIndex(Path file) throws IOException {
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(file), 8);
        return new String(head, java.nio.charset.StandardCharsets.US_ASCII).equals("DBPMCPT1");
    }

    @Test
    void laterProcessesServeTheSameRepliesFromTheIndexAndSurviveItsCorruption() throws Exception {
        Path project = SamplePrint.copyTo(dir.resolve("project"));
        Thread.sleep(SETTLE_MS);
        Path index = dir.resolve("index");
        String at = "-Ddbprint.index.directory=" + index;
        List<String> off = session(project, "-Ddbprint.index.enabled=false");
        assertTrue(off.get(0).contains("\"matches\""), off.get(0));
        assertEquals(List.of(), indexFiles(index));

        assertEquals(off, session(project, at), "the process that writes the index");
        List<Path> files = indexFiles(index);
        assertEquals(2, files.size(), "the manifest's index file and the rest's, for the one root, written at shutdown");

        assertEquals(off, session(project, at), "a later process, served from the index");

        for (Path f : files) {
            byte[] b = Files.readAllBytes(f);
            for (int i = 0; i < b.length; i += 13) {
                b[i] ^= 0x33;
            }
            Files.write(f, b);
            assertFalse(validIndex(f));
        }
        assertEquals(off, session(project, at), "over a corrupt index");
        for (Path f : files) {
            assertTrue(validIndex(f), "rebuilt by the process that found it corrupt: " + f.getFileName());
        }
        assertEquals(off, session(project, at), "from the rebuilt index");

        // an index that is not even a file is no reason to fail
        Path blocked = dir.resolve("blocked");
        Files.writeString(blocked, "a file where a directory should be");
        assertEquals(off, session(project, "-Ddbprint.index.directory=" + blocked.resolve("index")));
    }

    @Test
    void twoProcessesWritingTheIndexAtOnceLeaveAWholeFile() throws Exception {
        Path project = SamplePrint.copyTo(dir.resolve("project"));
        Thread.sleep(SETTLE_MS);
        Path index = dir.resolve("index");
        String at = "-Ddbprint.index.directory=" + index;
        List<String> off = session(project, "-Ddbprint.index.enabled=false");
        for (int round = 0; round < 2; round++) {
            java.util.concurrent.atomic.AtomicReference<List<String>> seen = new java.util.concurrent.atomic.AtomicReference<>();
            Thread other = new Thread(() -> {
                try {
                    seen.set(session(project, at));
                } catch (IOException | RuntimeException | AssertionError e) {
                    seen.set(List.of(e.toString()));
                }
            });
            other.start();
            assertEquals(off, session(project, at));
            other.join(120_000);
            assertFalse(other.isAlive());
            assertEquals(off, seen.get(), "the other process");
        }
        assertEquals(2, indexFiles(index).size());
        assertEquals(off, session(project, at));
        try (Stream<Path> s = Files.list(index)) {
            assertEquals(List.of(), s.filter(p -> p.toString().endsWith(".tmp")).toList(), "no temporary file left");
        }
    }
}
