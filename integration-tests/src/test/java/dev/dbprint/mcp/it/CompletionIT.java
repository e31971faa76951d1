package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * completion/complete against the packaged jar, over stdio and Streamable HTTP, in the handshake era and the stateless
 * one: the same request answers the same values on all four. The project is the bundled sample ({@code shop}) beside a
 * second connection ({@code depot}), both served and neither the default, so the tables offered are those of the
 * connection the request's context fills in.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CompletionIT {

    private static final String MODERN = "2026-07-28";
    private static final String STATISTICS = "dbprint://{connection}/{table}/statistics{?page,version}";
    private static final String MANIFEST = "dbprint://{connection}/manifest{?page,version}";
    private static final String REFERENCE = "dbprint:///reference/{document}{?page,version}";
    /** The sample's tables; rental.maintenance_event is in failed_tables, so no resource of it exists to complete. */
    private static final List<String> SHOP_TABLES = List.of("rental.bike", "rental.customer", "rental.ride",
            "rental.station", "rental.station_daily_usage", "rental.tariff");

    Path project;
    ServerProcess stdio;
    ServerProcess http;
    int port;
    McpHttp session;
    HttpClient client;

    @BeforeAll
    void start() throws IOException {
        project = SamplePrint.copyTo(Files.createTempDirectory(Path.of("target"), "completion-it").toAbsolutePath());
        Files.writeString(project.resolve(".dbprint.yaml"),
                Files.readString(project.resolve(".dbprint.yaml")) + "  depot:\n    adapter: postgres\n    auto: true\n");
        Path depot = Files.createDirectories(project.resolve("prints/depot"));
        Files.writeString(depot.resolve("manifest.yaml"), """
                format_version: 1
                connection: depot
                tables:
                  archive.stock:
                    type: table
                    path: archive/stock
                    artifacts:
                      ddl: ddl.sql
                  stock.ride_part:
                    type: table
                    path: stock/ride_part
                    artifacts:
                      ddl: ddl.sql
                  stock.bin:
                    type: table
                    path: stock/bin
                    artifacts:
                      ddl: ddl.sql
                """);
        stdio = ServerProcess.start(project);
        stdio.initialize("2025-11-25");
        http = ServerProcess.startHttp(List.of(), project);
        port = http.awaitListening();
        session = McpHttp.open(port);
        client = McpHttp.client();
    }

    @AfterAll
    void stop() {
        stdio.close();
        http.close();
    }

    private static ObjectNode params(String template, String variable, String typed, String connection) {
        ObjectNode params = ServerProcess.JSON.createObjectNode();
        params.putObject("ref").put("type", "ref/resource").put("uri", template);
        params.putObject("argument").put("name", variable).put("value", typed);
        if (connection != null) {
            params.putObject("context").putObject("arguments").put("connection", connection);
        }
        return params;
    }

    private static ObjectNode modern(ObjectNode params) {
        ObjectNode meta = params.putObject("_meta").put("io.modelcontextprotocol/protocolVersion", MODERN);
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        return params;
    }

    /** One request over each of the four routes, each reply whole (a result or an error). */
    private List<JsonNode> everyRoute(ObjectNode params) throws Exception {
        return List.of(stdio.request("completion/complete", params.deepCopy()),
                stdio.request("completion/complete", modern(params.deepCopy())),
                session.request("completion/complete", params.deepCopy()),
                modernHttp(modern(params.deepCopy()), "completion/complete"));
    }

    private JsonNode modernHttp(ObjectNode params, String method) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .timeout(Duration.ofSeconds(15)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", MODERN)
                .header("Mcp-Method", method)
                .POST(HttpRequest.BodyPublishers.ofString(ServerProcess.write(ServerProcess.message(7, method, params))))
                .build();
        HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body()); // an invalid-params error too: only -32601 and -32600 change it
        assertTrue(r.headers().firstValue("Mcp-Session-Id").isEmpty(), "no session is minted");
        return ServerProcess.parse(r.body());
    }

    /** The completion of every route, after checking they agree; the modern ones also carry resultType. */
    private JsonNode completion(ObjectNode params) throws Exception {
        List<JsonNode> replies = everyRoute(params);
        JsonNode legacy = replies.get(0).path("result");
        assertTrue(legacy.has("completion"), replies.get(0).toString());
        assertEquals(List.of("completion"), fieldNames(legacy), "a legacy result is the completion alone");
        for (int i = 1; i < replies.size(); i++) {
            assertEquals(legacy.get("completion"), replies.get(i).path("result").get("completion"), "route " + i);
        }
        assertEquals("complete", replies.get(1).path("result").path("resultType").asText());
        assertEquals("complete", replies.get(3).path("result").path("resultType").asText());
        return legacy.get("completion");
    }

    /** The error of every route, after checking they agree: its code and message. */
    private JsonNode error(ObjectNode params) throws Exception {
        List<JsonNode> replies = everyRoute(params);
        for (JsonNode reply : replies) {
            assertFalse(reply.has("result"), reply.toString());
            assertEquals(replies.get(0).get("error"), reply.get("error"));
        }
        return replies.get(0).get("error");
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<String> values(JsonNode completion) {
        List<String> values = new ArrayList<>();
        completion.path("values").forEach(v -> values.add(v.asText()));
        return values;
    }

    private static void assertCompletion(List<String> values, int total, boolean hasMore, JsonNode completion) {
        assertEquals(values, values(completion), completion.toString());
        assertEquals(total, completion.path("total").asInt(), completion.toString());
        assertEquals(hasMore, completion.path("hasMore").asBoolean(), completion.toString());
    }

    @Test
    void bothErasAdvertiseTheCompletionsCapability() throws Exception {
        JsonNode init = stdio.request("initialize", ServerProcess.JSON.createObjectNode()
                .put("protocolVersion", "2025-11-25")).path("result").path("capabilities");
        assertEquals(ServerProcess.JSON.createObjectNode(), init.get("completions"), init.toString());
        JsonNode discover = modernHttp(modern(ServerProcess.JSON.createObjectNode()), "server/discover")
                .path("result").path("capabilities");
        assertEquals(ServerProcess.JSON.createObjectNode(), discover.get("completions"), discover.toString());
    }

    @Test
    void connectionsAreTheServedOnes() throws Exception {
        assertCompletion(List.of("depot", "shop"), 2, false, completion(params(MANIFEST, "connection", "", null)));
        assertCompletion(List.of("shop"), 1, false, completion(params(STATISTICS, "connection", "SH", null)));
    }

    @Test
    void tablesAreThoseOfTheConnectionTheContextFills() throws Exception {
        assertCompletion(SHOP_TABLES, 6, false, completion(params(STATISTICS, "table", "", "shop")));
        assertCompletion(List.of("archive.stock", "stock.bin", "stock.ride_part"), 3, false,
                completion(params(STATISTICS, "table", "", "depot")));
        // prefix matches first, then matches further in, each in name order; case ignored
        assertCompletion(List.of("stock.bin", "stock.ride_part", "archive.stock"), 3, false,
                completion(params(STATISTICS, "table", "STOCK", "depot")));
        assertCompletion(List.of("rental.customer", "rental.station", "rental.station_daily_usage"), 3, false,
                completion(params(STATISTICS, "table", "St", "shop")));
        assertCompletion(List.of("rental.station", "rental.station_daily_usage"), 2, false,
                completion(params(STATISTICS, "table", "rental.sta", "shop")));
        assertCompletion(List.of("stock.ride_part"), 1, false, completion(params(STATISTICS, "table", "ride", "depot")));
        assertCompletion(List.of("rental.ride"), 1, false, completion(params(STATISTICS, "table", "ride", "shop")));
    }

    @Test
    void documentsAreTheReferenceResources() throws Exception {
        assertCompletion(List.of("spec", "assertions"), 2, false, completion(params(REFERENCE, "document", "", null)));
        assertCompletion(List.of(), 0, false, completion(params(REFERENCE, "document", "guide", null)));
    }

    @Test
    void aTableWithNoConnectionFilledAndNoDefaultIsInvalidParams() throws Exception {
        JsonNode error = error(params(STATISTICS, "table", "r", null));
        assertEquals(-32602, error.path("code").asInt());
        assertEquals("no default connection, so the tables to complete depend on the connection: complete connection "
                + "first and pass it in context.arguments. Served: ['depot', 'shop']", error.path("message").asText());
    }

    @Test
    void anUnknownTemplateOrVariableOrAPromptIsInvalidParamsAndTheServerKeepsServing() throws Exception {
        assertTrue(error(params("dbprint://{connection}/statistics", "connection", "", null)).path("message").asText()
                .startsWith("resource template 'dbprint://{connection}/statistics' is not one this server lists."));
        assertEquals("resource template '" + MANIFEST + "' has no variable 'table'. Variables: ['connection', 'page', "
                + "'version']", error(params(MANIFEST, "table", "", "shop")).path("message").asText());
        ObjectNode prompt = ServerProcess.JSON.createObjectNode();
        prompt.putObject("ref").put("type", "ref/prompt").put("name", "review");
        prompt.putObject("argument").put("name", "language").put("value", "py");
        JsonNode error = error(prompt);
        assertEquals(-32602, error.path("code").asInt());
        assertTrue(error.path("message").asText().startsWith("prompt 'review' not found: this server has no prompts."));
        assertCompletion(List.of("shop"), 1, false, completion(params(MANIFEST, "connection", "s", null)));
    }

    @Test
    void aPrintRegeneratedWhileServingIsSeenByTheNextCompletion() throws Exception {
        Path manifest = project.resolve("prints/depot/manifest.yaml");
        String before = Files.readString(manifest);
        try {
            Files.writeString(manifest, before.replace("stock.bin:", "stock.bin_v2:"));
            assertCompletion(List.of("stock.bin_v2"), 1, false, completion(params(STATISTICS, "table", "bin", "depot")));
        } finally {
            Files.writeString(manifest, before);
        }
        assertCompletion(List.of("stock.bin"), 1, false, completion(params(STATISTICS, "table", "bin", "depot")));
    }
}
