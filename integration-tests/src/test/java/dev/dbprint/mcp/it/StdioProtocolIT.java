package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The JSON-RPC envelope over stdio against one running server: every fault is answered with its standard code and the
 * server keeps serving (spec §8.3). The server is stateless between requests, so the tests share it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StdioProtocolIT {

    private static final List<String> TOOLS = List.of("get_table_context", "list_tables", "search_columns", "get_manifest",
            "get_diff", "get_reference", "resolve_value", "check_sql");

    ServerProcess server;

    @BeforeAll
    void start() {
        server = ServerProcess.start(ServerProcess.fixture("it-project"));
        server.initialize("2025-11-25");
    }

    @AfterAll
    void stop() {
        server.close();
    }

    private static void assertError(JsonNode reply, JsonNode id, int code) {
        assertEquals("2.0", reply.path("jsonrpc").asText(), reply.toString());
        assertEquals(id, reply.get("id"), reply.toString());
        assertFalse(reply.has("result"), reply.toString());
        assertEquals(code, reply.path("error").path("code").asInt(), reply.toString());
        assertFalse(reply.path("error").path("message").asText().isBlank(), reply.toString());
    }

    private static JsonNode id(Object id) {
        return ServerProcess.JSON.valueToTree(id);
    }

    @Test
    void handshakeAdvertisesExactlyTheSpecIdentity() throws Exception {
        JsonNode reply = server.request("initialize",
                ServerProcess.JSON.createObjectNode().put("protocolVersion", "2025-11-25"));
        JsonNode result = reply.get("result");
        List<String> keys = new ArrayList<>();
        result.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("protocolVersion", "capabilities", "serverInfo", "instructions"), keys);
        assertEquals(ServerProcess.JSON.readTree(
                "{\"resources\":{\"subscribe\":false,\"listChanged\":false},\"tools\":{\"listChanged\":false},"
                        + "\"completions\":{}}"),
                result.get("capabilities"));
        assertEquals(ServerProcess.JSON.createObjectNode().put("name", "dbprint").put("version",
                ServerProcess.projectVersion()), result.get("serverInfo"));
        String instructions = result.get("instructions").asText();
        assertTrue(instructions.length() < 2048, "instructions are " + instructions.length() + " characters");
        for (String tool : TOOLS) {
            assertTrue(instructions.contains(tool), "instructions do not name " + tool);
        }
    }

    @Test
    void malformedLineIsAnsweredWithParseErrorAndTheNextRequestStillIs() {
        server.send("{\"jsonrpc\": \"2.0\", \"id\": 41, \"method\": \"ping\"");
        int id = server.sendRequest("ping", null);
        JsonNode parseError = server.awaitReply(null);
        assertError(parseError, id(null), -32700);
        assertEquals(ServerProcess.JSON.createObjectNode(), server.awaitReply(id).get("result"));
    }

    @Test
    void trailingGarbageAfterAnObjectIsAParseError() {
        server.send("{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"ping\"} x");
        assertError(server.awaitReply(null), id(null), -32700);
    }

    @Test
    void unknownMethodIsMethodNotFoundNamingIt() {
        JsonNode reply = server.request("prompts/list", null);
        assertEquals(-32601, reply.path("error").path("code").asInt(), reply.toString());
        assertTrue(reply.path("error").path("message").asText().contains("prompts/list"), reply.toString());
    }

    @Test
    void requestWithoutMethodIsInvalidRequest() {
        server.send("{\"jsonrpc\":\"2.0\",\"id\":\"no-method\"}");
        assertError(server.awaitReply("no-method"), id("no-method"), -32600);
        server.send("{\"jsonrpc\":\"2.0\",\"id\":\"num-method\",\"method\":7}");
        assertError(server.awaitReply("num-method"), id("num-method"), -32600);
    }

    @Test
    void idThatIsNeitherStringNorNumberIsInvalidRequest() {
        server.send("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}");
        assertError(server.awaitReply(null), id(null), -32600);
        server.send("{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}");
        assertError(server.awaitReply(null), id(null), -32600);
    }

    @Test
    void nullAndFractionalIdsAreInvalidRequests() {
        server.send("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}");
        assertError(server.awaitReply(null), id(null), -32600);
        server.send("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}");
        assertError(server.awaitReply(null), id(null), -32600);
    }

    @Test
    void templatesListRefusesAnyCursor() {
        JsonNode reply = server.request("resources/templates/list",
                ServerProcess.JSON.createObjectNode().put("cursor", "nope"));
        assertEquals(-32602, reply.path("error").path("code").asInt(), reply.toString());
        assertEquals("resources/templates/list issued no cursor: all templates fit its first page. Call it without "
                + "`cursor`.", reply.path("error").path("message").asText());
    }

    @Test
    void stringAndNumberIdsAreEchoedExactly() {
        server.send("{\"jsonrpc\":\"2.0\",\"id\":\"0001\",\"method\":\"ping\"}");
        assertEquals(id("0001"), server.awaitReply("0001").get("id"));
        server.send("{\"jsonrpc\":\"2.0\",\"id\":9007199254740993,\"method\":\"ping\"}");
        assertEquals("9007199254740993", server.awaitReply(9007199254740993L).get("id").toString());
    }

    @Test
    void wrongJsonrpcVersionIsInvalidRequest() {
        server.send("{\"jsonrpc\":\"1.0\",\"id\":\"v1\",\"method\":\"ping\"}");
        assertError(server.awaitReply("v1"), id("v1"), -32600);
        // the version is the string "2.0"; the number 2.0 is not it
        server.send("{\"jsonrpc\":2.0,\"id\":\"v2num\",\"method\":\"ping\"}");
        assertError(server.awaitReply("v2num"), id("v2num"), -32600);
    }

    @Test
    void paramsThatAreNotAnObjectAreInvalidParams() {
        server.send("{\"jsonrpc\":\"2.0\",\"id\":\"arr\",\"method\":\"tools/list\",\"params\":[1,2]}");
        assertError(server.awaitReply("arr"), id("arr"), -32602);
        server.send("{\"jsonrpc\":\"2.0\",\"id\":\"str\",\"method\":\"ping\",\"params\":\"x\"}");
        assertError(server.awaitReply("str"), id("str"), -32602);
    }

    @Test
    void batchIsAnsweredElementByElementInOrder() {
        server.send("[{\"jsonrpc\":\"2.0\",\"id\":\"b1\",\"method\":\"ping\"},"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":\"b2\",\"method\":\"no/such\"},"
                + "7]");
        JsonNode batch = server.readFrame();
        assertTrue(batch.isArray(), batch.toString());
        assertEquals(3, batch.size(), batch.toString());
        assertEquals("b1", batch.get(0).path("id").asText());
        assertEquals(ServerProcess.JSON.createObjectNode(), batch.get(0).get("result"));
        assertError(batch.get(1), id("b2"), -32601);
        assertError(batch.get(2), id(null), -32600);
    }

    @Test
    void emptyBatchIsInvalidRequest() {
        server.send("[]");
        assertError(server.readFrame(), id(null), -32600);
    }

    @Test
    void notificationsAndClientResponsesAreNeverAnswered() {
        server.notify("notifications/initialized", null);
        server.notify("notifications/cancelled", ServerProcess.JSON.createObjectNode().put("requestId", 1));
        server.notify("no/such/notification", null);
        server.send("{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}");
        server.send("[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]");
        // the stream is ordered per line read; a ping sent after them and awaited proves nothing else was written
        List<String> before = server.stdoutLines();
        int id = server.sendRequest("ping", null);
        JsonNode reply = server.readFrame();
        assertEquals(id, reply.path("id").asInt(), "a frame other than the ping's reply: " + reply);
        assertEquals(before.size() + 1, server.stdoutLines().size());
    }

    @Test
    void oversizeFrameIsRefusedAndTheNextIsServed() {
        byte[] big = ("{\"jsonrpc\":\"2.0\",\"id\":\"big\",\"method\":\"ping\",\"params\":{\"pad\":\""
                + "x".repeat(4 * 1024 * 1024 + 10) + "\"}}\n").getBytes(StandardCharsets.UTF_8);
        server.sendRaw(big);
        int id = server.sendRequest("ping", null);
        assertError(server.awaitReply(null), id(null), -32600);
        assertEquals(ServerProcess.JSON.createObjectNode(), server.awaitReply(id).get("result"));
    }

    @Test
    void invalidUtf8IsDecodedNotFatal() {
        byte[] head = "{\"jsonrpc\":\"2.0\",\"id\":\"utf".getBytes(StandardCharsets.UTF_8);
        byte[] tail = "\",\"method\":\"ping\"}\n".getBytes(StandardCharsets.UTF_8);
        byte[] frame = new byte[head.length + 2 + tail.length];
        System.arraycopy(head, 0, frame, 0, head.length);
        frame[head.length] = (byte) 0xff;
        frame[head.length + 1] = (byte) 0xfe;
        System.arraycopy(tail, 0, frame, head.length + 2, tail.length);
        server.sendRaw(frame);
        JsonNode reply = server.readFrame();
        assertEquals("utf\uFFFD\uFFFD", reply.path("id").asText(), reply.toString());
        assertTrue(reply.has("result"), reply.toString());
    }

    @Test
    void unknownToolIsAFailedCallListingTheAvailableOnes() {
        JsonNode listed = server.request("tools/list", null).get("result").get("tools");
        List<String> names = new ArrayList<>();
        listed.forEach(t -> names.add(t.get("name").asText()));
        List<String> sorted = new ArrayList<>(names);
        sorted.sort(null);

        ObjectNode params = ServerProcess.JSON.createObjectNode().put("name", "foo");
        params.putObject("arguments");
        JsonNode result = server.request("tools/call", params).get("result");
        assertTrue(result.get("isError").asBoolean(), result.toString());
        StringBuilder available = new StringBuilder("[");
        for (int i = 0; i < sorted.size(); i++) {
            available.append(i == 0 ? "" : ", ").append('\'').append(sorted.get(i)).append('\'');
        }
        ArrayNode content = (ArrayNode) result.get("content");
        assertEquals(1, content.size());
        assertEquals("text", content.get(0).get("type").asText());
        assertEquals("unknown tool 'foo'. Available: " + available + "]", content.get(0).get("text").asText());
    }

    @Test
    void toolsCallEnvelopeFaultsAreInvalidParams() {
        assertEquals(-32602, server.request("tools/call", ServerProcess.JSON.createObjectNode()).path("error")
                .path("code").asInt());
        ObjectNode badArguments = ServerProcess.JSON.createObjectNode().put("name", "list_tables").put("arguments", "x");
        assertEquals(-32602, server.request("tools/call", badArguments).path("error").path("code").asInt());
        assertEquals(-32602, server.request("tools/list", ServerProcess.JSON.createObjectNode().put("cursor", "c"))
                .path("error").path("code").asInt());
    }

    @Test
    void everyListedToolIsReadOnlyIdempotentAndClosedWorld() throws Exception {
        JsonNode tools = server.request("tools/list", null).get("result").get("tools");
        JsonNode hints = ServerProcess.JSON.readTree(
                "{\"readOnlyHint\":true,\"destructiveHint\":false,\"idempotentHint\":true,\"openWorldHint\":false}");
        for (JsonNode tool : tools) {
            assertEquals(hints, tool.get("annotations"), tool.path("name").asText());
            assertEquals("object", tool.path("inputSchema").path("type").asText(), tool.path("name").asText());
        }
    }

    @Test
    void pingAnswersAnEmptyResult() {
        assertEquals(ServerProcess.JSON.createObjectNode(), server.request("ping", null).get("result"));
    }
}
