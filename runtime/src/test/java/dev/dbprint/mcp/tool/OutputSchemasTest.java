package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;

import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolDescriptor;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * Each tool's json replies against the output schema its descriptor declares (JSON Schema 2020-12, the dialect MCP
 * assumes): every page of real calls on the bundled sample and on a print large enough to page every list, validated
 * as the official SDK clients validate a result's {@code structuredContent}. Markdown, YAML and faults are not the json
 * form and say so.
 */
class OutputSchemasTest {

    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012());
    private static final Path SAMPLE = Path.of("../src/sample");
    /** The tools whose every successful reply is their json object, so tools/list declares its schema. */
    private static final List<String> DECLARED = List.of("get_diff", "get_manifest", "list_tables", "resolve_value",
            "search_columns");

    @Test
    void everySchemaIsAValid2020_12SchemaAndOnlyAlwaysJsonToolsDeclareOne() throws Exception {
        Schema meta = SCHEMAS.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        List<String> declared = new ArrayList<>();
        for (String name : ToolDescriptorsTest.descriptorNames()) {
            ToolDescriptor d = ToolDescriptor.load(name, ToolHarness.MAPPER);
            if (name.equals("get_reference")) {
                // Markdown alone: there is no json form to describe
                assertEquals(null, d.outputSchema(), name);
                continue;
            }
            assertNotNull(d.outputSchema(), name + " has a json form and no schema for it");
            assertEquals(List.of(), meta.validate(d.outputSchema()), name);
            assertEquals(d.declaresOutputSchema(), d.listEntry(ToolHarness.MAPPER, true).has("outputSchema"), name);
            assertFalse(d.listEntry(ToolHarness.MAPPER, false).has("outputSchema"), name);
            if (d.declaresOutputSchema()) {
                declared.add(name);
            }
        }
        assertEquals(DECLARED, declared);
    }

    @Test
    void everyJsonReplyOnTheSampleMatchesItsSchema() {
        ToolHarness h = new ToolHarness(SAMPLE);
        List<String> tables = new ArrayList<>();
        for (JsonNode t : pages(h, new ListTablesTool(h.store, h.paging), "{}").get(0).path("tables")) {
            tables.add(t.asText());
        }
        pages(h, new ListTablesTool(h.store, h.paging), "{\"detail\": true}");
        pages(h, new ListTablesTool(h.store, h.paging), "{\"pattern\": \"nope.*\"}");
        GetManifestTool manifest = new GetManifestTool(h.store, h.paging);
        pages(h, manifest, "{}");
        pages(h, manifest, "{\"pattern\": \"rental.r*\"}");
        GetDiffTool diff = new GetDiffTool(h.store, h.paging);
        for (String args : List.of("{}", "{\"kind\": \"table_added\"}", "{\"table\": \"rental.customer\"}")) {
            pages(h, diff, args);
        }
        SearchColumnsTool search = new SearchColumnsTool(h.store, h.paging, 1 << 20);
        for (String args : List.of("{\"text\": \"station\"}", "{\"sensitivity\": \"*\"}", "{\"pattern\": \"*[*]*\"}",
                "{\"looks_like\": \"*\"}", "{\"classification\": \"nope\"}")) {
            pages(h, search, args);
        }
        // every column and part of the sample, resolved with a text that is stored, one that names a meaning, one
        // that resembles nothing: each match kind, and each reason a list is unavailable, the sample has
        ResolveValueTool resolve = new ResolveValueTool(h.store, h.paging);
        Set<String> matches = new LinkedHashSet<>();
        for (JsonNode m : pages(h, search, "{\"pattern\": \"*\"}").get(0).path("matches")) {
            String target = "\"table\": \"" + m.path("table").asText() + "\", \"column\": \"" + m.path("column").asText()
                    + "\"" + (m.has("part") ? ", \"part\": \"" + m.path("part").asText() + "\"" : "");
            for (String text : List.of("monthly", "Germany", "in servic", "qqqq")) {
                ToolResult r = h.call(resolve, "{" + target + ", \"text\": \"" + text + "\"}");
                if (!r.isError()) {
                    matches.add(valid("resolve_value", r).path("match").asText());
                }
            }
        }
        assertEquals(Set.of("stored", "definition", "nearest", "none", "unavailable"), matches);
        GetTableContextTool context = new GetTableContextTool(h.store, h.paging);
        for (String table : tables) {
            for (String purpose : List.of("profile", "query")) {
                pages(h, context, "{\"table\": \"" + table + "\", \"purpose\": \"" + purpose + "\", \"format\": \"json\"}");
            }
        }
        pages(h, checkSql(h), "{\"format\": \"json\", \"sql\": \"SELECT model FROM rental.bike WHERE"
                + " status = 'In_Service';\\nSELECT nope FROM rental.station;\\nSELEC x\"}");
    }

    @Test
    void everyPageOfALargePrintMatchesItsSchema(@TempDir Path dir) {
        ToolHarness h = new ToolHarness(LargePrint.write(dir, 150, 8, 7));
        assertTrue(pages(h, new ListTablesTool(h.store, h.paging), "{\"detail\": true}").size() > 1);
        assertTrue(pages(h, new GetManifestTool(h.store, h.paging), "{}").size() > 1);
        assertTrue(pages(h, new SearchColumnsTool(h.store, h.paging, 1 << 20), "{\"pattern\": \"*\"}").size() > 1);
    }

    @Test
    void markdownYamlAndFaultsAreNotTheJsonForm() {
        ToolHarness h = new ToolHarness(SAMPLE);
        GetTableContextTool context = new GetTableContextTool(h.store, h.paging);
        for (String format : List.of("md", "yaml")) {
            ToolResult r = h.call(context, "{\"table\": \"rental.tariff\", \"format\": \"" + format + "\"}");
            assertFalse(r.isError() || r.object(), format);
            r = h.call(checkSql(h), "{\"format\": \"" + format + "\", \"sql\": \"SELECT 1\"}");
            assertFalse(r.isError() || r.object(), format);
        }
        ToolResult fault = h.call(new ListTablesTool(h.store, h.paging), "{\"schema\": \"x\"}");
        assertTrue(fault.isError());
        assertFalse(fault.object());
    }

    /** Every page of a call, each a json object valid against the tool's schema; following next_cursor. */
    private static List<JsonNode> pages(ToolHarness h, Object tool, String args) {
        String name = toolName(tool);
        List<JsonNode> out = new ArrayList<>();
        String call = args;
        while (true) {
            JsonNode page = valid(name, h.call(tool, call));
            out.add(page);
            if (!page.has("next_cursor")) {
                return out;
            }
            ObjectNode next = (ObjectNode) ToolHarness.parse(args);
            next.put("cursor", page.path("next_cursor").asText());
            call = next.toString();
        }
    }

    /** The reply, asserted to be a json object the tool's declared schema accepts. */
    private static JsonNode valid(String tool, ToolResult r) {
        assertFalse(r.isError(), () -> tool + " failed: " + r.text());
        assertTrue(r.object(), tool + " answered its json form without marking it an object");
        JsonNode reply = ToolHarness.parse(r.text());
        Schema schema = SCHEMAS.getSchema(ToolDescriptor.load(tool, ToolHarness.MAPPER).outputSchema());
        assertEquals(List.of(), schema.validate(reply), () -> tool + " reply outside its schema: " + r.text());
        return reply;
    }

    private static CheckSqlTool checkSql(ToolHarness h) {
        return h.checkSql("2026-12-01T00:00:00Z");
    }

    private static String toolName(Object tool) {
        for (var m : tool.getClass().getMethods()) {
            McpTool marker = m.getAnnotation(McpTool.class);
            if (marker != null) {
                return marker.value();
            }
        }
        throw new IllegalArgumentException(tool + " is no tool");
    }
}
