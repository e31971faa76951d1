package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The stateless era (2026-07-28) beside the legacy one on the same server: {@code server/discover}, the {@code _meta}
 * and header checks with their codes and HTTP statuses, the removed methods, {@code resultType} and the caching hints,
 * no session minted; and on stdio a discover probe before a legacy handshake.
 */
class ModernEraIT extends ServedOverHttp {

    private static final String MODERN = "2026-07-28";

    private static ObjectNode meta(String version) {
        ObjectNode meta = ServerProcess.JSON.createObjectNode().put("io.modelcontextprotocol/protocolVersion", version);
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        return meta;
    }

    private static ObjectNode params(ObjectNode meta) {
        ObjectNode params = ServerProcess.JSON.createObjectNode();
        params.set("_meta", meta);
        return params;
    }

    /** The headers a modern client sends for a request: its version, method and (for a call or read) name. */
    private static Map<String, String> headers(String method, String name) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("MCP-Protocol-Version", MODERN);
        h.put("Mcp-Method", method);
        if (name != null) {
            h.put("Mcp-Name", name);
        }
        return h;
    }

    private HttpResponse<String> post(JsonNode body, Map<String, String> headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .timeout(Duration.ofSeconds(15)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(ServerProcess.write(body)));
        headers.forEach(b::header);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> request(int id, String method, ObjectNode params, String name) throws Exception {
        return post(ServerProcess.message(id, method, params), headers(method, name));
    }

    private static JsonNode assertError(HttpResponse<String> r, int status, int code, int id) {
        assertEquals(status, r.statusCode(), r.body());
        assertFalse(r.body().contains("\n"), "an error is one line: " + r.body());
        JsonNode reply = ServerProcess.parse(r.body());
        assertEquals(code, reply.path("error").path("code").asInt(), r.body());
        assertEquals(id, reply.path("id").asInt(), r.body());
        return reply.path("error");
    }

    @Test
    void discoverAnswersWhatInitializeDoesTheStatelessWay() throws Exception {
        HttpResponse<String> r = request(1, "server/discover", params(meta(MODERN)), null);
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Mcp-Session-Id").isEmpty(), "no session is minted");
        JsonNode result = ServerProcess.parse(r.body()).path("result");
        List<String> versions = ServerProcess.JSON.convertValue(result.path("supportedVersions"),
                ServerProcess.JSON.getTypeFactory().constructCollectionType(List.class, String.class));
        assertEquals(List.of(MODERN, "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"), versions);
        assertEquals(ServerProcess.JSON.readTree(
                "{\"resources\":{\"subscribe\":false,\"listChanged\":false},\"tools\":{\"listChanged\":false},"
                        + "\"completions\":{}}"),
                result.get("capabilities"));
        assertFalse(result.path("instructions").asText().isBlank());
        assertEquals("complete", result.path("resultType").asText());
        assertEquals(3_600_000, result.path("ttlMs").asLong());
        assertEquals("public", result.path("cacheScope").asText());
        JsonNode info = result.path("_meta").path("io.modelcontextprotocol/serverInfo");
        assertEquals("dbprint", info.path("name").asText());
        assertEquals(ServerProcess.projectVersion(), info.path("version").asText());
    }

    @Test
    void listsAndReadsCarryResultTypeAndCachingHints() throws Exception {
        JsonNode tools = ServerProcess.parse(request(2, "tools/list", params(meta(MODERN)), null).body()).path("result");
        assertTrue(tools.path("tools").size() > 0);
        assertEquals("complete", tools.path("resultType").asText());
        assertEquals(3_600_000, tools.path("ttlMs").asLong());
        assertEquals("public", tools.path("cacheScope").asText());
        JsonNode list = ServerProcess.parse(request(3, "resources/list", params(meta(MODERN)), null).body())
                .path("result");
        assertEquals(0, list.path("ttlMs").asLong(), "a print can be regenerated at any moment");
        assertEquals("private", list.path("cacheScope").asText());
        String uri = list.path("resources").get(0).path("uri").asText();
        JsonNode read = ServerProcess.parse(request(4, "resources/read", params(meta(MODERN)).put("uri", uri), uri)
                .body()).path("result");
        assertEquals("complete", read.path("resultType").asText());
        assertEquals(0, read.path("ttlMs").asLong());
        ObjectNode call = params(meta(MODERN)).put("name", "get_manifest");
        call.putObject("arguments");
        JsonNode called = ServerProcess.parse(request(5, "tools/call", call, "get_manifest").body()).path("result");
        assertEquals("complete", called.path("resultType").asText());
        assertFalse(called.has("ttlMs"), "a tool call is not a cacheable result");
    }

    @Test
    void aResourceNotFoundNamesItsUriInBothEras() throws Exception {
        String uri = "test://nonexistent";
        JsonNode error = assertError(request(6, "resources/read", params(meta(MODERN)).put("uri", uri), uri), 200,
                -32602, 6);
        assertEquals(uri, error.path("data").path("uri").asText());
        McpHttp legacy = McpHttp.open(port);
        assertEquals(uri, legacy.read(uri).path("error").path("data").path("uri").asText());
    }

    @Test
    void metaMustNameVersionAndCapabilities() throws Exception {
        assertError(request(7, "server/discover", ServerProcess.JSON.createObjectNode(), null), 400, -32602, 7);
        ObjectNode noCaps = ServerProcess.JSON.createObjectNode().put("io.modelcontextprotocol/protocolVersion", MODERN);
        assertError(request(8, "server/discover", params(noCaps), null), 400, -32602, 8);
    }

    @Test
    void anUnsupportedVersionListsTheSupportedOnes() throws Exception {
        Map<String, String> h = headers("server/discover", null);
        h.put("MCP-Protocol-Version", "v999.0.0");
        JsonNode error = assertError(post(ServerProcess.message(9, "server/discover", params(meta("v999.0.0"))), h),
                400, -32022, 9);
        assertEquals("v999.0.0", error.path("data").path("requested").asText());
        assertEquals(MODERN, error.path("data").path("supported").get(0).asText());
    }

    @Test
    void headersMustAgreeWithTheBody() throws Exception {
        assertError(post(ServerProcess.message(10, "server/discover", params(meta("v999.0.0"))),
                headers("server/discover", null)), 400, -32020, 10);
        assertError(post(ServerProcess.message(11, "tools/list", params(meta(MODERN))),
                headers("prompts/list", null)), 400, -32020, 11);
        Map<String, String> noMethod = headers("tools/list", null);
        noMethod.remove("Mcp-Method");
        assertError(post(ServerProcess.message(12, "tools/list", params(meta(MODERN))), noMethod), 400, -32020, 12);
        assertError(post(ServerProcess.message(13, "tools/list", params(meta(MODERN))),
                headers("TOOLS/LIST", null)), 400, -32020, 13);
        ObjectNode call = params(meta(MODERN)).put("name", "get_manifest");
        assertError(post(ServerProcess.message(14, "tools/call", call), headers("tools/call", "wrong_tool")), 400,
                -32020, 14);
        assertError(post(ServerProcess.message(15, "tools/call", call), headers("tools/call", null)), 400, -32020, 15);

        Map<String, String> spaced = new LinkedHashMap<>();
        spaced.put("mcp-protocol-version", MODERN);
        spaced.put("MCP-METHOD", "tools/call");
        spaced.put("mcp-name", "  get_manifest  ");
        assertEquals(200, post(ServerProcess.message(16, "tools/call", call), spaced).statusCode());
    }

    /**
     * What a gateway routing on the headers could read otherwise than the server is refused, on every path: a routing
     * header on two lines (the gateway may read the second), no {@code MCP-Protocol-Version}, and a body naming
     * 2026-07-28 sent with a legacy session or in a batch, where no header was compared and the body's tool ran.
     */
    @Test
    void headersAGatewayCouldReadOtherwiseAreRefused() {
        ObjectNode call = params(meta(MODERN)).put("name", "get_manifest");
        call.putObject("arguments");
        String body = ServerProcess.write(ServerProcess.message(20, "tools/call", call));
        Map.Entry<String, String> version = Map.entry("MCP-Protocol-Version", MODERN);
        Map.Entry<String, String> method = Map.entry("Mcp-Method", "tools/call");
        Map.Entry<String, String> name = Map.entry("Mcp-Name", "get_manifest");
        Map.Entry<String, String> otherTool = Map.entry("Mcp-Name", "list_tables");
        assertRefused(rawPost(body, version, method, name, otherTool));
        assertRefused(rawPost(body, version, method, Map.entry("Mcp-Method", "tools/list"), name));
        assertRefused(rawPost(body, version, Map.entry("MCP-Protocol-Version", "2025-11-25"), method, name));
        assertRefused(rawPost(body, method, name));
        Map.Entry<String, String> session = Map.entry("Mcp-Session-Id", McpHttp.open(port).session());
        assertRefused(rawPost(body, session, version, method, otherTool));
        assertRefused(rawPost(body, session, version, method, name));
        RawHttp.Response batch = rawPost("[" + body + "]", session, version, method, otherTool);
        assertEquals(400, batch.status(), batch.body());
        assertEquals(-32020, ServerProcess.parse(batch.body()).path("error").path("code").asInt(), batch.body());

        RawHttp.Response served = rawPost(body, version, method, name);
        assertEquals(200, served.status(), served.body());
        assertFalse(ServerProcess.parse(served.body()).path("result").path("isError").asBoolean(true), served.body());
    }

    @SafeVarargs
    private RawHttp.Response rawPost(String body, Map.Entry<String, String>... headers) {
        return RawHttp.exchange(port, "POST", "/mcp", "127.0.0.1:" + port, List.of(headers), body);
    }

    private static void assertRefused(RawHttp.Response r) {
        assertEquals(400, r.status(), r.body());
        JsonNode reply = ServerProcess.parse(r.body());
        assertEquals(-32020, reply.path("error").path("code").asInt(), r.body());
        assertEquals(20, reply.path("id").asInt(), r.body());
        assertFalse(reply.has("result"), r.body());
    }

    @Test
    void removedAndUndeclaredMethodsAre404() throws Exception {
        for (String method : List.of("initialize", "ping", "logging/setLevel", "resources/subscribe", "prompts/list",
                "subscriptions/listen", "unknown/method")) {
            assertError(request(17, method, params(meta(MODERN)), null), 404, -32601, 17);
        }
    }

    @Test
    void onStdioADiscoverProbeComesFirstAndTheHandshakeStillWorks() {
        try (ServerProcess stdio = ServerProcess.start(ServerProcess.fixture("it-project"))) {
            JsonNode discover = stdio.request("server/discover", params(meta(MODERN)));
            assertTrue(discover.path("result").path("supportedVersions").toString().contains(MODERN), discover.toString());
            assertEquals("2025-11-25", stdio.initialize("2025-11-25").path("result").path("protocolVersion").asText());
            JsonNode tools = stdio.request("tools/list", null).path("result");
            assertFalse(tools.has("resultType"), "a legacy result is unchanged");
            JsonNode modernTools = stdio.request("tools/list", params(meta(MODERN))).path("result");
            assertEquals("complete", modernTools.path("resultType").asText());
        }
    }
}
