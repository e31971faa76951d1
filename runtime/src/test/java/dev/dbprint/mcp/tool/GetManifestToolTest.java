package dev.dbprint.mcp.tool;

import static dev.dbprint.mcp.tool.PrintProject.entry;
import static dev.dbprint.mcp.tool.PrintProject.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.tool.call.ToolResult;

class GetManifestToolTest {

    private static final String HEADER = "generated_at: '2026-05-17T22:48:01Z'\nfailed_tables:\n- sales.zz\n- ops.x\n";

    @TempDir
    Path dir;

    private static GetManifestTool tool(ToolHarness h) {
        return new GetManifestTool(h.store, h.paging);
    }

    @Test
    void theManifestWithTablesInFqnOrderAndTotal() {
        PrintProject p = new PrintProject(dir);
        p.manifest(HEADER, entry("sales.b", "columns: 2") + entry("ops.a") + "sales.scalar: 7\n");
        ToolHarness h = p.harness();
        Map<String, Object> reply = json(h.call(tool(h), "{}"));
        assertEquals(List.of("format_version", "connection", "generated_at", "failed_tables", "tables", "total"),
                new ArrayList<>(reply.keySet()));
        assertEquals(List.of("sales.zz", "ops.x"), reply.get("failed_tables"), "the file's own order");
        @SuppressWarnings("unchecked")
        Map<String, Object> tables = (Map<String, Object>) reply.get("tables");
        assertEquals(List.of("ops.a", "sales.b", "sales.scalar"), new ArrayList<>(tables.keySet()));
        assertEquals(JsonText.parse("{\"type\": \"table\", \"path\": \"sales/b\", \"columns\": 2}"), tables.get("sales.b"));
        assertEquals(JsonText.parse("7"), tables.get("sales.scalar"), "an entry is served as parsed, followable or not");
        assertEquals(JsonText.parse("3"), reply.get("total"));
    }

    @Test
    void patternFiltersTablesAndFailedTablesOnly() {
        PrintProject p = new PrintProject(dir);
        p.manifest(HEADER, entry("sales.b") + entry("ops.a") + entry("sales.eu.c"));
        ToolHarness h = p.harness();
        Map<String, Object> reply = json(h.call(tool(h), "{\"pattern\": \"sales.*\"}"));
        assertEquals(List.of("sales.zz"), reply.get("failed_tables"));
        assertEquals(List.of("sales.b", "sales.eu.c"), new ArrayList<>(((Map<?, ?>) reply.get("tables")).keySet()));
        assertEquals(JsonText.parse("2"), reply.get("total"));
        assertEquals("2026-05-17T22:48:01Z", reply.get("generated_at"));
        Map<String, Object> none = json(h.call(tool(h), "{\"pattern\": \"[!os]*\"}"));
        assertFalse(none.containsKey("failed_tables"), "an empty list is omitted, as list_tables omits it");
        assertEquals(Map.of(), none.get("tables"));
        assertEquals(JsonText.parse("0"), none.get("total"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void manyTablesPageWithTheHeaderOnTheFirstPageAndTotalOnEvery() {
        PrintProject p = new PrintProject(dir);
        StringBuilder tables = new StringBuilder();
        Map<String, Object> expected = new LinkedHashMap<>();
        for (int i = 599; i >= 0; i--) {
            String fqn = String.format("s.t%04d", i);
            tables.append(entry(fqn, "columns: " + i, "profiled_at: '2026-05-19T12:00:00Z'"));
        }
        p.manifest(HEADER, tables.toString());
        ToolHarness h = p.harness();
        List<Map<String, Object>> pages = PrintProject.pages(h, tool(h), "{}");
        assertTrue(pages.size() >= 3, "pages: " + pages.size());
        List<String> order = new ArrayList<>();
        for (int k = 0; k < pages.size(); k++) {
            Map<String, Object> page = pages.get(k);
            assertEquals(k == 0, page.containsKey("generated_at"));
            assertEquals(k == 0, page.containsKey("failed_tables"));
            assertEquals(JsonText.parse("600"), page.get("total"));
            order.addAll(((Map<String, Object>) page.get("tables")).keySet());
            expected.putAll((Map<String, Object>) page.get("tables"));
        }
        assertEquals(600, order.size());
        assertEquals(order.stream().sorted().toList(), order);
        assertEquals(JsonText.parse("{\"type\": \"table\", \"path\": \"s/t0042\", \"columns\": 42, \"profiled_at\":"
                + " \"2026-05-19T12:00:00Z\"}"), expected.get("s.t0042"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void anEntryTooLargeForAPageArrivesInPartsThatReassemble() {
        PrintProject p = new PrintProject(dir);
        String note = "n".repeat(45_000);
        p.manifest(entry("s.a") + entry("s.big", "note: " + note) + entry("s.c"));
        ToolHarness h = p.harness();
        List<Map<String, Object>> pages = PrintProject.pages(h, tool(h), "{}");
        assertEquals(3, pages.size());
        StringBuilder text = new StringBuilder();
        int part = 0;
        List<String> whole = new ArrayList<>();
        for (Map<String, Object> page : pages) {
            for (Map.Entry<String, Object> e : ((Map<String, Object>) page.get("tables")).entrySet()) {
                Map<String, Object> v = (Map<String, Object>) e.getValue();
                if (e.getKey().equals("s.big")) {
                    assertEquals(JsonText.parse(String.valueOf(++part)), v.get("part"));
                    assertEquals(JsonText.parse("3"), v.get("parts"));
                    text.append((String) v.get("text"));
                } else {
                    whole.add(e.getKey());
                }
            }
        }
        assertEquals(List.of("s.a", "s.c"), whole);
        assertEquals(JsonText.parse("{\"type\": \"table\", \"path\": \"s/big\", \"note\": \"" + note + "\"}"),
                JsonText.parse(text.toString()));
    }

    @Test
    void noManifestIsAFault() {
        PrintProject p = new PrintProject(dir);
        ToolHarness h = p.harness();
        ToolResult r = h.call(tool(h), "{}");
        assertTrue(r.isError());
        assertEquals("no manifest available at " + p.root.resolve("manifest.yaml")
                + ". Run dbprint generate first.", r.text());
    }

    @Test
    void aTopLevelKeyThePagerOwnsIsRefusedRatherThanShadowed() {
        PrintProject p = new PrintProject(dir);
        p.manifest("total: 3\n", entry("s.a"));
        ToolHarness h = p.harness();
        ToolResult r = h.call(tool(h), "{}");
        assertTrue(r.isError());
        assertTrue(r.text().contains("carries a top-level key 'total'"), r.text());
        assertFalse(r.text().contains("internal error"));
    }
}
