package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One stdio session through a spawned server: {@code initialize}, a list of tool calls, EOF and a clean exit; the
 * replies' texts are what tests that run the same session two ways compare. A cursor is signed with a key of the
 * process's own, so it is replaced by a placeholder.
 */
final class ToolSession {

    /** Calls that read the manifest, the annotation and statistics files, and a table's directory. */
    static final List<String> CALLS = List.of(
            "{\"name\": \"search_columns\", \"arguments\": {\"text\": \"station\"}}",
            "{\"name\": \"search_columns\", \"arguments\": {\"sensitivity\": \"*\"}}",
            "{\"name\": \"list_tables\", \"arguments\": {}}",
            "{\"name\": \"get_table_context\", \"arguments\": {\"table\": \"rental.ride\", \"purpose\": \"query\"}}",
            "{\"name\": \"get_manifest\", \"arguments\": {}}");

    private ToolSession() {
    }

    /** The texts of {@code server}'s replies to {@code calls}, after which the session ends and must exit 0. */
    static List<String> replies(ServerProcess server, List<String> calls) throws IOException {
        try {
            server.initialize("2025-11-25");
            List<String> out = new ArrayList<>();
            for (String call : calls) {
                JsonNode reply = server.request("tools/call", ServerProcess.JSON.readTree(call));
                out.add(reply.path("result").path("content").path(0).path("text").asText()
                        .replaceAll("[A-Za-z0-9_-]{88}", "<cursor>"));
            }
            server.closeStdin();
            assertEquals(0, server.waitForExit(), server.stderr());
            return out;
        } finally {
            server.kill();
        }
    }
}
