package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.tool.call.ToolDescriptor;

/** The descriptors in {@code dbprint/tools/}: well-formed, and together small enough for one tools/list page (§3.3, §4.8). */
class ToolDescriptorsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int PAGE_BOUND = 20_000;
    /** The seven tools of the spec, and check_sql (§9 lets the tool set grow). */
    private static final List<String> TOOLS = List.of("check_sql", "get_diff", "get_manifest", "get_reference",
            "get_table_context", "list_tables", "resolve_value", "search_columns");

    static List<String> descriptorNames() throws IOException, URISyntaxException {
        URL dir = ToolDescriptorsTest.class.getClassLoader().getResource("dbprint/tools");
        try (Stream<Path> files = Files.list(Path.of(dir.toURI()))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - ".json".length())).sorted().toList();
        }
    }

    @Test
    void everySpecToolHasADescriptorNamedAfterIt() throws Exception {
        assertEquals(TOOLS, descriptorNames());
        for (String name : descriptorNames()) {
            ToolDescriptor d = ToolDescriptor.load(name, MAPPER);
            assertEquals(name, d.name());
            assertFalse(d.title().isBlank(), name + " has no title");
            assertEquals(d.title(), d.listEntry(MAPPER, true).path("title").asText(), name);
            assertFalse(d.description().isBlank(), name);
            assertEquals("object", d.inputSchema().path("type").asText(), name);
            assertFalse(d.inputSchema().path("additionalProperties").asBoolean(true), name);
            d.properties().fields().forEachRemaining(p -> assertTrue(p.getValue().has("type"), name + "." + p.getKey()));
            for (String required : d.required()) {
                assertTrue(d.properties().has(required), name + " requires undeclared " + required);
            }
        }
    }

    @Test
    void listEntryCarriesTheFourReadOnlyHints() throws Exception {
        for (String name : descriptorNames()) {
            JsonNode hints = ToolDescriptor.load(name, MAPPER).listEntry(MAPPER, true).get("annotations");
            assertEquals(MAPPER.readTree(
                    "{\"readOnlyHint\":true,\"destructiveHint\":false,\"idempotentHint\":true,\"openWorldHint\":false}"),
                    hints, name);
        }
    }

    /**
     * The reply with every output schema (a revision with structured results) is one page as sent: the JSON-RPC reply
     * as the wire carries it. A protocol result is never laid out with indentation, as a tool's text reply is (§4.8).
     */
    @Test
    void theWholeToolsListReplyFitsOnePage() throws Exception {
        ObjectNode result = MAPPER.createObjectNode();
        ArrayNode tools = result.putArray("tools");
        for (String name : descriptorNames()) {
            tools.add(ToolDescriptor.load(name, MAPPER).listEntry(MAPPER, true));
        }
        ObjectNode reply = MAPPER.createObjectNode().put("jsonrpc", "2.0").put("id", 1);
        reply.set("result", result);
        int wire = MAPPER.writeValueAsString(reply).length();
        System.err.printf("tools/list of %d descriptors: %d characters on the wire%n", tools.size(), wire);
        assertTrue(wire <= PAGE_BOUND, "tools/list reply is " + wire + " characters");
    }
}
