package dev.dbprint.mcp.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.QuarkusDevModeTest;

/**
 * The Dev UI's JSON-RPC service, called the way the Dev UI pages call it (over the Dev UI websocket of a
 * {@code quarkus:dev} application): connections, tables through {@code list_tables} with every page followed, tool
 * calls with their exact reply text, resources, cache statistics; and a print file rewritten on disk showing on the
 * next call without a restart.
 */
public class DevUiJsonRpcTest {

    static final Path PROJECT = PrintFixture.create();

    static {
        FreePort.forTheApplication();
    }

    @RegisterExtension
    static final QuarkusDevModeTest APP = new QuarkusDevModeTest()
            .withApplicationRoot(jar -> jar.addClasses(PrintFixture.class)
                    .addAsResource(new StringAsset("dbprint.project=" + PROJECT + "\n"
                            + "quarkus.banner.enabled=false\n"), "application.properties"));

    private final DevUiRpc rpc = new DevUiRpc("dbprint-mcp");

    /** One method per page's calls, run against one app start (a dev-mode test restarts the app per test method). */
    @Test
    void answersEveryDevUiPage() throws Exception {
        listsServedConnections();
        tablesFollowEveryPageOfListTables();
        toolListAndCallShowTheExactReply();
        resourcesListAndRead();
        cacheStatsCountTheStoresWork();
    }

    private void listsServedConnections() throws Exception {
        JsonNode info = rpc.call("connections");
        assertEquals("shop", info.path("default").asText(), info.toString());
        JsonNode shop = info.path("connections").get(0);
        assertEquals("shop", shop.path("name").asText());
        assertEquals(PROJECT.resolve("prints/shop").toString(), shop.path("root").asText());
        assertTrue(shop.path("manifest").asBoolean());
        assertTrue(shop.path("isDefault").asBoolean());
    }

    private void tablesFollowEveryPageOfListTables() throws Exception {
        JsonNode tables = rpc.call("tables", Map.of("connection", "shop"));
        assertTrue(tables.path("available").asBoolean(), tables.toString());
        assertEquals(1, tables.path("pages").asInt(), tables.toString());
        assertEquals(List.of("rental.bike", "rental.station"), names(tables));
        assertEquals(120, tables.path("tables").get(0).path("row_count").asInt());
    }

    private void toolListAndCallShowTheExactReply() throws Exception {
        JsonNode tools = rpc.call("tools");
        List<String> names = new ArrayList<>();
        tools.forEach(t -> names.add(t.path("name").asText()));
        assertTrue(names.contains("list_tables"), names.toString());
        assertTrue(tools.get(names.indexOf("list_tables")).path("inputSchema").asText()
                .contains("\"additionalProperties\" : false"));
        assertEquals("List tables", tools.get(names.indexOf("list_tables")).path("title").asText());
        JsonNode purpose = null;
        for (JsonNode arg : tools.get(names.indexOf("get_table_context")).path("args")) {
            purpose = arg.path("name").asText().equals("purpose") ? arg : purpose;
        }
        // what the Tools page turns into a drop-down
        assertEquals("[\"profile\",\"query\"]", purpose.path("enum").toString());

        JsonNode first = rpc.call("callTool", Map.of("name", "list_tables", "arguments", "{}"));
        assertFalse(first.path("isError").asBoolean(), first.toString());
        assertEquals("{\n  \"tables\": [\n    \"rental.bike\",\n    \"rental.station\"\n  ],\n  \"total\": 2\n}",
                first.path("text").asText());
        assertTrue(first.path("nextCursor").isMissingNode(), "a reply on one page carries no cursor");

        JsonNode foreign = rpc.call("callTool",
                Map.of("name", "list_tables", "arguments", "{\"cursor\": \"1\"}"));
        assertTrue(foreign.path("isError").asBoolean());
        assertTrue(foreign.path("text").asText().startsWith("cursor '1' is not one this server issued."),
                foreign.toString());

        JsonNode fault = rpc.call("callTool",
                Map.of("name", "list_tables", "arguments", "{\"nope\": 1}"));
        assertTrue(fault.path("isError").asBoolean());
        assertEquals("list_tables takes no argument 'nope'. Accepted: ['connection', 'detail', 'pattern'].",
                fault.path("text").asText());

        JsonNode unknown = rpc.call("callTool", Map.of("name", "no_such_tool", "arguments", ""));
        assertTrue(unknown.path("isError").asBoolean());
        assertTrue(unknown.path("text").asText().startsWith("unknown tool 'no_such_tool'"));
    }

    private void resourcesListAndRead() throws Exception {
        JsonNode listing = rpc.call("listResources", Map.of("cursor", ""));
        List<String> uris = new ArrayList<>();
        listing.path("resources").forEach(r -> uris.add(r.path("uri").asText()));
        assertEquals("dbprint:///reference/spec", uris.get(0), listing.toString());

        assertTrue(uris.contains("dbprint://shop/manifest"), uris.toString());
        JsonNode manifest = rpc.call("readResource", Map.of("uri", "dbprint://shop/manifest"));
        assertTrue(manifest.toString().contains("rental.station"), manifest.toString());

        // a protocol error arrives as its JSON-RPC code and message, the way a client would see it
        JsonNode read = rpc.call("readResource", Map.of("uri", "nope://x"));
        assertEquals(-32602, read.path("error").path("code").asInt(), read.toString());
        assertTrue(read.path("error").path("message").asText().contains("nope://x"));
    }

    private void cacheStatsCountTheStoresWork() throws Exception {
        JsonNode stats = rpc.call("cacheStats");
        assertEquals(1, stats.path("servedConnections").asInt(), stats.toString());
        assertEquals(rpc.call("tools").size(), stats.path("tools").asInt());
        assertTrue(stats.path("counters").path("parses").asLong() > 0, stats.toString());
        // the tables listed above were computed through the reply cache, which kept them
        assertTrue(stats.path("replyCache").asText().matches("[1-9]\\d* replies weighing [1-9]\\d* characters"),
                stats.toString());
    }

    @Test
    void aRewrittenPrintShowsOnTheNextCall() throws Exception {
        assertEquals(List.of("rental.bike", "rental.station"),
                names(rpc.call("tables", Map.of("connection", "shop"))));
        PrintFixture.manifest(PROJECT, Map.of("rental.bike", 121, "rental.ride", 9000, "rental.station", 40));
        try {
            JsonNode after = rpc.call("tables", Map.of("connection", "shop"));
            assertEquals(List.of("rental.bike", "rental.ride", "rental.station"), names(after));
            assertEquals(121, after.path("tables").get(0).path("row_count").asInt());
        } finally {
            PrintFixture.manifest(PROJECT, Map.of("rental.bike", 120, "rental.station", 40));
        }
    }

    private static List<String> names(JsonNode tables) {
        List<String> out = new ArrayList<>();
        tables.path("tables").forEach(t -> out.add(t.path("table").asText()));
        return out;
    }
}
