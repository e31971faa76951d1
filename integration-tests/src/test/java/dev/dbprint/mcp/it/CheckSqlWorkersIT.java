package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * check_sql calls that spend their whole time budget, on stdio: they must neither hold the workers other tools need
 * nor, once cancelled, the threads check_sql's own calls need.
 */
class CheckSqlWorkersIT {

    /** As many slow calls as the stdio transport has workers on a machine of up to two cores. */
    private static final int SLOW_CALLS = 4;

    /** 20 statements of 10,000 AND terms each (2.6 MB): reading and checking them takes seconds, about one call's budget. */
    private static final String SLOW_SQL;
    /** One of them, with its semicolon. */
    private static final String SLOW_STATEMENT;

    static {
        StringBuilder statement = new StringBuilder("SELECT model FROM rental.bike WHERE status = 'in_service'");
        for (int i = 1; i < 10_000; i++) {
            statement.append(" AND bike_id <> ").append(i);
        }
        SLOW_STATEMENT = statement + ";\n";
        SLOW_SQL = SLOW_STATEMENT.repeat(20);
    }

    /** A slow call of its own: no two alike, so none is answered from another's kept reply. */
    private static JsonNode slowCheck(int n) {
        return check("-- call " + n + "\n" + SLOW_SQL);
    }

    private static JsonNode check(String sql) {
        return ServerProcess.JSON.createObjectNode().put("name", "check_sql")
                .set("arguments", ServerProcess.JSON.createObjectNode().put("sql", sql));
    }

    @Test
    void listTablesIsAnsweredFirstWhileFourSlowChecksRun(@TempDir Path dir) throws Exception {
        try (ServerProcess server = ServerProcess.start(SamplePrint.copyTo(dir.resolve("project")))) {
            server.initialize("2025-11-25");
            List<Integer> slow = new ArrayList<>();
            for (int i = 0; i < SLOW_CALLS; i++) {
                slow.add(server.sendRequest("tools/call", slowCheck(i)));
            }
            int list = server.sendRequest("tools/call",
                    ServerProcess.JSON.createObjectNode().put("name", "list_tables"));
            JsonNode first = server.readFrame(Duration.ofSeconds(60));
            assertEquals(list, first.path("id").asInt(), "list_tables must not wait for the checks: " + first);
            assertFalse(first.path("result").path("isError").asBoolean(true), first.toString());
            for (int id : slow) {
                String text = server.awaitReply(id).path("result").path("content").path(0).path("text").asText();
                // checked, or stopped where the call's time ran out (a call that waited it out reads nothing)
                assertTrue(text.contains("No finding") || text.contains("within the time one check_sql call may take"),
                        "call " + id + ": " + text);
                assertFalse(text.contains("internal error"), text);
            }
            assertFalse(server.stderr().contains("StackOverflowError"), server.stderr());
        }
    }

    @Test
    void aCancelledCheckStopsItsWork(@TempDir Path dir) throws Exception {
        // more cancelled calls than check_sql has threads, then a call needing well under a second of their time: were
        // the cancelled calls not stopped, they would hold the threads until their budgets ran out, and the last call
        // would get what little is left of its own
        int cancelled = Math.max(2, Runtime.getRuntime().availableProcessors());
        try (ServerProcess server = ServerProcess.start(SamplePrint.copyTo(dir.resolve("project")))) {
            server.initialize("2025-11-25");
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < cancelled; i++) {
                ids.add(server.sendRequest("tools/call", slowCheck(i)));
            }
            // cancelled once their work has begun (a call cancelled before a worker takes it is never started)
            Thread.sleep(500);
            for (int id : ids) {
                server.notify("notifications/cancelled", ServerProcess.JSON.createObjectNode().put("requestId", id));
            }
            int kept = server.sendRequest("tools/call", check(SLOW_STATEMENT.repeat(2)));
            JsonNode reply = server.readFrame(Duration.ofSeconds(60));
            assertEquals(kept, reply.path("id").asInt(), "only the call not cancelled is answered: " + reply);
            String text = reply.path("result").path("content").path(0).path("text").asText();
            assertFalse(text.contains("within the time"), text);
            assertEquals(2, text.split("No finding", -1).length - 1, text);
        }
    }
}
