package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Time from spawning the stdio jar to its {@code initialize} reply, median of 5, printed for the record. The bound is
 * deliberately loose (a client's own connect timeout); the number, not the assertion, is what to watch.
 */
class StartupTimeIT {

    private static final int RUNS = 5;
    private static final long BOUND_MILLIS = 10_000;

    @Test
    void initializeReplyArrivesPromptlyAfterSpawn() {
        List<Long> millis = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            long start = System.nanoTime();
            try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
                JsonNode reply = server.initialize("2025-11-25");
                millis.add((System.nanoTime() - start) / 1_000_000);
                assertEquals("dbprint", reply.path("result").path("serverInfo").path("name").asText());
                server.closeStdin();
                assertEquals(0, server.waitForExit());
            }
        }
        List<Long> sorted = new ArrayList<>(millis);
        sorted.sort(null);
        long median = sorted.get(RUNS / 2);
        System.out.printf("stdio spawn -> initialize reply: median %d ms of %s (JDK %s)%n", median, millis,
                Runtime.version());
        assertTrue(median < BOUND_MILLIS, "median " + median + " ms");
    }
}
