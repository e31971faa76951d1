package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * SIGTERM in the first moments of a stdio server, with an {@code initialize} already written (spec §7.3). The launcher
 * installs its signal handlers before anything else it does, so once its code runs (seen from outside as the first
 * {@code dbprint-*} thread, which the launcher starts while it reads the flags) a SIGTERM is a clean shutdown: exit 0,
 * the frame written before it answered. Before that, while the JVM and Quarkus's entry point start, no code of the
 * server runs yet and the JVM's own handling stands: exit 143 (or death by the signal, which Java reports the same)
 * with nothing written. The server's handling of a signal never exits 1, and stdout carries frames only.
 * Linux only: the threads are read from {@code /proc}.
 */
class StdioEarlySignalIT {

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"0\"}}}";

    /** The first dbprint-* thread appears while the launcher reads the flags, before Quarkus boots. */
    @Test
    void aSigtermOnceTheLauncherRunsExitsZeroAndAnswersWhatWasWritten() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "no /proc to see the server's threads in");
        for (int trial = 1; trial <= 6; trial++) {
            try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
                server.send(INITIALIZE);
                awaitOwnThread(server);
                server.terminate();
                assertEquals(0, server.waitForExit(), "trial " + trial + "; stderr:\n" + server.stderr());
                assertInitializeAnswered(server, "trial " + trial);
            }
        }
    }

    /**
     * Signals spread over the start, from right after the spawn on: each ends in exit 0 with the {@code initialize}
     * answered, or, before the server's code runs, in 143 with nothing written. One more outcome is the JVM's own and
     * out of the server's reach: a signal that interrupts the JVM's initialisation can make it fail to start (exit 1,
     * "Error occurred during initialization of VM"), seen a few times in hundreds of such signals on another machine.
     * Started as the README says to start the jar by hand ({@code -XX:+DisplayVMOutputToStderr}), so that message, like
     * anything else the JVM prints, stays off stdout.
     */
    @Test
    void aSigtermFromTheSpawnOnExitsZeroOr143AndStdoutKeepsToFrames() throws InterruptedException {
        List<String> outcomes = new ArrayList<>();
        for (int delayMs : new int[]{0, 0, 50, 200, 800, 1600, 3200}) {
            try (ServerProcess server = ServerProcess.start(List.of("-XX:+DisplayVMOutputToStderr"),
                    ServerProcess.fixture("it-project"))) {
                server.send(INITIALIZE);
                TimeUnit.MILLISECONDS.sleep(delayMs);
                server.terminate();
                int exit = server.waitForExit();
                outcomes.add(delayMs + " ms: exit " + exit + ", " + server.stdoutLines().size() + " frame(s)");
                String trial = "SIGTERM " + delayMs + " ms after the spawn";
                boolean vmFailedToStart = exit == 1 && server.stderr().contains("Error occurred during initialization of VM");
                assertTrue(exit == 0 || exit == 143 || vmFailedToStart, trial + ": exit " + exit + "; stderr:\n"
                        + server.stderr());
                if (exit == 0) {
                    assertInitializeAnswered(server, trial);
                } else {
                    assertEquals(List.of(), server.stdoutLines(), trial + ": exit " + exit + " after writing");
                }
            }
        }
        System.out.println("early SIGTERM outcomes: " + outcomes);
    }

    private static void assertInitializeAnswered(ServerProcess server, String trial) {
        List<String> lines = server.stdoutLines();
        assertEquals(1, lines.size(), trial + ": stdout " + lines + "; stderr:\n" + server.stderr());
        JsonNode reply = ServerProcess.parse(lines.get(0));
        assertEquals(1, reply.path("id").asInt(), trial + ": " + reply);
        assertEquals("dbprint", reply.path("result").path("serverInfo").path("name").asText(), trial + ": " + reply);
    }

    /** Waits, polling {@code /proc}, for the server's first thread of its own: the launcher's code runs. */
    private static void awaitOwnThread(ServerProcess server) {
        Path tasks = Path.of("/proc", Long.toString(server.pid()), "task");
        long deadline = System.nanoTime() + ServerProcess.TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            assertTrue(server.isAlive(), "the server exited before its launcher ran; stderr:\n" + server.stderr());
            try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
                for (Path thread : threads) {
                    if (Files.readString(thread.resolve("comm")).startsWith("dbprint-")) {
                        return;
                    }
                }
            } catch (IOException e) {
                // a thread ended while it was listed, or the process did (checked above): look again
            }
        }
        throw new AssertionError("no dbprint-* thread within " + ServerProcess.TIMEOUT + "; stderr:\n" + server.stderr());
    }
}
