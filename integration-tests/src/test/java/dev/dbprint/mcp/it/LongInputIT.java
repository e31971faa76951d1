package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Long arguments over stdio against the packaged jar and the sample print: an error echoing a 30,000-character value
 * stays within the 20,000 characters §4.8 allows one reply, and resolve_value answers a long {@code text} instead of
 * failing as an internal error.
 */
class LongInputIT {

    private static final int BOUND = 20_000;
    private static final String LONG = "x".repeat(30_000);

    private static JsonNode call(ServerProcess server, String tool, ObjectNode arguments) {
        ObjectNode params = ServerProcess.JSON.createObjectNode().put("name", tool);
        params.set("arguments", arguments);
        return server.request("tools/call", params).path("result");
    }

    private static ObjectNode args(String... keysAndValues) {
        ObjectNode args = ServerProcess.JSON.createObjectNode();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            args.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return args;
    }

    private static String text(JsonNode result) {
        return result.path("content").path(0).path("text").asText();
    }

    @Test
    void longValuesAreEchoedShortenedAndALongTextIsAnswered() throws Exception {
        try (ServerProcess server = ServerProcess.start(SamplePrint.source())) {
            server.initialize("2025-11-25");
            for (ObjectNode arguments : List.of(args("table", LONG), args("table", "rental.ride", "connection", LONG),
                    args("table", "rental.ride", LONG, "x"))) {
                JsonNode result = call(server, "get_table_context", arguments);
                assertTrue(result.path("isError").asBoolean(), result.toString());
                assertTrue(text(result).length() <= BOUND, "a " + text(result).length() + "-character error");
                assertTrue(text(result).contains("... (30000 characters)"), text(result).substring(0, 200));
            }
            for (String text : List.of("q".repeat(19_660), "\u0001".repeat(3_300))) {
                JsonNode result = call(server, "resolve_value",
                        args("table", "rental.customer", "column", "country_code", "text", text));
                assertFalse(result.path("isError").asBoolean(), text(result));
                assertTrue(text(result).length() <= BOUND, "a page of " + text(result).length());
                assertEquals("country_code", ServerProcess.JSON.readTree(text(result)).get("column").asText());
            }
        }
    }
}
