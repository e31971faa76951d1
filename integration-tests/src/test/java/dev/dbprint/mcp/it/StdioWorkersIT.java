package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Slow calls on stdio, made slow for real: the print's manifest.yaml is a named pipe, so every call that reads it blocks
 * in the server's file read until the test writes the manifest into the pipe. Meanwhile the connection must stay
 * responsive (a ping is answered at once) and must honour {@code notifications/cancelled}.
 */
@Disabled("needs a new way to make a call slow: print files are now opened only when they are regular files"
        + " (ContainedFile refuses a named pipe at once, so no call blocks on one and release() would wait forever)")
class StdioWorkersIT {

    /** More slow calls than any worker pool holds, so a ping that queued behind them could never be answered. */
    private static final int SLOW_CALLS = 4 * Runtime.getRuntime().availableProcessors() + 8;

    private static final JsonNode GET_MANIFEST = ServerProcess.JSON.createObjectNode().put("name", "get_manifest")
            .set("arguments", ServerProcess.JSON.createObjectNode());

    @Test
    void pingIsAnsweredWhileEveryWorkerIsBlockedOnASlowCall(@TempDir Path dir) throws Exception {
        Blocked manifest = Blocked.manifestOf(SamplePrint.copyTo(dir.resolve("project")));
        try (ServerProcess server = ServerProcess.start(dir.resolve("project"))) {
            server.initialize("2025-11-25");
            List<Integer> slow = new ArrayList<>();
            for (int i = 0; i < SLOW_CALLS; i++) {
                slow.add(server.sendRequest("tools/call", GET_MANIFEST));
            }
            int ping = server.sendRequest("ping", null);
            JsonNode pong = server.readFrame(Duration.ofSeconds(10));
            assertEquals(ping, pong.path("id").asInt(), "the first reply must be the ping's: " + pong);
            manifest.release();
            for (int id : slow) {
                assertFalse(server.awaitReply(id).path("result").path("isError").asBoolean(true), "call " + id);
            }
        }
    }

    @Test
    void aCancelledCallIsNotAnswered(@TempDir Path dir) throws Exception {
        Blocked manifest = Blocked.manifestOf(SamplePrint.copyTo(dir.resolve("project")));
        try (ServerProcess server = ServerProcess.start(dir.resolve("project"))) {
            server.initialize("2025-11-25");
            int cancelled = server.sendRequest("tools/call", GET_MANIFEST);
            server.notify("notifications/cancelled",
                    ServerProcess.JSON.createObjectNode().put("requestId", cancelled).put("reason", "no longer needed"));
            int kept = server.sendRequest("tools/call", GET_MANIFEST);
            Thread.sleep(300); // the cancellation is read before the manifest can be
            manifest.release();
            JsonNode reply = server.readFrame(Duration.ofSeconds(20));
            assertEquals(kept, reply.path("id").asInt(), "only the call not cancelled is answered: " + reply);
            int ping = server.sendRequest("ping", null);
            JsonNode next = server.readFrame(Duration.ofSeconds(10));
            assertEquals(ping, next.path("id").asInt(), "no answer to the cancelled call may follow: " + next);
        }
    }

    /** A print file replaced by a named pipe: a read of it blocks until {@link #release} puts the content back. */
    private record Blocked(Path file, byte[] content) {

        static Blocked manifestOf(Path project) throws IOException, InterruptedException {
            Path file = SamplePrint.root(project).resolve("manifest.yaml");
            byte[] content = Files.readAllBytes(file);
            Files.delete(file);
            Process mkfifo = new ProcessBuilder("mkfifo", file.toString()).inheritIO().start();
            assertEquals(0, mkfifo.waitFor());
            return new Blocked(file, content);
        }

        /**
         * Puts the file back: a regular file replaces the pipe, and the read already blocked on the pipe gets the
         * content through it (it then sees the file changed under it and reads the regular file).
         */
        void release() throws IOException {
            Path regular = file.resolveSibling("manifest.yaml.tmp");
            Files.write(regular, content);
            try (OutputStream pipe = Files.newOutputStream(file)) {
                Files.move(regular, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                pipe.write(content);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            assertTrue(Files.isRegularFile(file));
        }
    }
}
