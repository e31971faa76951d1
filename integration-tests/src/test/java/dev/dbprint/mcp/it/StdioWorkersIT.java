package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Slow calls on stdio, slow for real: rental.customer's statistics.yaml is a valid 512 KB document (one column, a very
 * long value list), so a profile of it takes seconds to parse and render. Meanwhile the connection must stay responsive
 * (a ping is answered at once) and must honour {@code notifications/cancelled}.
 */
class StdioWorkersIT {

    /** More slow calls than any worker pool holds, so a ping that queued behind them could never be answered. */
    private static final int SLOW_CALLS = 4 * Runtime.getRuntime().availableProcessors() + 8;

    private static final JsonNode SLOW_CALL = ServerProcess.JSON.createObjectNode().put("name", "get_table_context")
            .set("arguments", ServerProcess.JSON.createObjectNode().put("table", "rental.customer")
                    .put("purpose", "profile").put("format", "json"));

    @Test
    void pingIsAnsweredWhileEveryWorkerIsBusyWithASlowCall(@TempDir Path dir) throws Exception {
        try (ServerProcess server = ServerProcess.start(slowProject(dir))) {
            server.initialize("2025-11-25");
            List<Integer> slow = new ArrayList<>();
            for (int i = 0; i < SLOW_CALLS; i++) {
                slow.add(server.sendRequest("tools/call", SLOW_CALL));
            }
            int ping = server.sendRequest("ping", null);
            JsonNode pong = server.readFrame(Duration.ofSeconds(10));
            assertEquals(ping, pong.path("id").asInt(), "the first reply must be the ping's: " + pong);
            for (int id : slow) {
                assertFalse(server.awaitReply(id).path("result").path("isError").asBoolean(true), "call " + id);
            }
        }
    }

    @Test
    void aCancelledCallIsNotAnswered(@TempDir Path dir) throws Exception {
        try (ServerProcess server = ServerProcess.start(slowProject(dir))) {
            server.initialize("2025-11-25");
            int cancelled = server.sendRequest("tools/call", SLOW_CALL);
            server.notify("notifications/cancelled",
                    ServerProcess.JSON.createObjectNode().put("requestId", cancelled).put("reason", "no longer needed"));
            int kept = server.sendRequest("tools/call", SLOW_CALL);
            JsonNode reply = server.readFrame(Duration.ofSeconds(120));
            assertEquals(kept, reply.path("id").asInt(), "only the call not cancelled is answered: " + reply);
            assertFalse(reply.path("result").path("isError").asBoolean(true), reply.toString());
            int ping = server.sendRequest("ping", null);
            JsonNode next = server.readFrame(Duration.ofSeconds(10));
            assertEquals(ping, next.path("id").asInt(), "no answer to the cancelled call may follow: " + next);
        }
    }

    /**
     * A 2026-07-28 call is a request of this connection as a legacy one is: a cancellation withdraws it whether it is
     * sent the legacy way or names the revision itself. Read to the end of stdout (EOF, which answers every call still
     * running first), so an answer a withdrawn call sends late is seen too.
     */
    @Test
    void aCancelledModernCallIsNotAnsweredWhicheverEraCancelsIt(@TempDir Path dir) throws Exception {
        ObjectNode meta = ServerProcess.JSON.createObjectNode().put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        ObjectNode modernCall = SLOW_CALL.deepCopy();
        modernCall.set("_meta", meta);
        try (ServerProcess server = ServerProcess.start(slowProject(dir))) {
            int legacyCancelled = server.sendRequest("tools/call", modernCall);
            server.notify("notifications/cancelled", ServerProcess.JSON.createObjectNode().put("requestId", legacyCancelled));
            int modernCancelled = server.sendRequest("tools/call", modernCall);
            ObjectNode cancel = ServerProcess.JSON.createObjectNode().put("requestId", modernCancelled);
            cancel.set("_meta", meta);
            server.notify("notifications/cancelled", cancel);
            int kept = server.sendRequest("tools/call", modernCall);
            JsonNode reply = server.readFrame(Duration.ofSeconds(120));
            assertEquals(kept, reply.path("id").asInt(), "only the call not cancelled is answered");
            assertEquals("complete", reply.path("result").path("resultType").asText(), "a modern result");
            server.closeStdin();
            assertEquals(0, server.waitForExit(Duration.ofSeconds(60)), server.stderr());
            assertEquals(1, server.stdoutLines().size(), "a cancelled call was answered");
        }
    }

    /** A copy of the sample whose rental.customer statistics take seconds to profile. */
    private static Path slowProject(Path dir) throws IOException {
        Path project = SamplePrint.copyTo(dir.resolve("project"));
        HostilePrintIT.writeHuge(SamplePrint.root(project).resolve("rental/customer/statistics.yaml"), 512 * 1024);
        return project;
    }
}
