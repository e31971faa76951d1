package dev.dbprint.mcp.tool;

import static dev.dbprint.mcp.tool.PrintProject.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * get_table_context when the verdict file that rejects an edge cannot be read (spec §4.1, fail closed): the edges that
 * file decides are withheld from both tables they join, the file is named under {@code _corrupted} on its own table,
 * and an edge the catalog declares, which no verdict overrides, stays.
 */
class UnreadableVerdictTest {

    private static final String EDGES = "format_version: 1\ntable: shop.orders\nrefers_to:\n"
            + "- column: [customer_id]\n  target_table: shop.customers\n  target_column: [customer_id]\n"
            + "  detection: inferred\n"
            + "- column: [region_id]\n  target_table: shop.regions\n  target_column: [region_id]\n"
            + "  detection: declared\nreferenced_by: []\n";

    @TempDir
    Path dir;

    /** orders refers to customers (inferred) and to regions (declared); orders' verdict file holds {@code verdicts}. */
    private ToolHarness printWithVerdicts(String verdicts) {
        PrintProject p = new PrintProject(dir);
        p.manifest(PrintProject.entry("shop.orders", "artifacts:", "  relationships: relationships.yaml",
                "  relationships_annotations: relationships.annotations.yaml")
                + PrintProject.entry("shop.customers", "artifacts:", "  relationships: relationships.yaml"));
        p.file("shop/orders/relationships.yaml", EDGES);
        p.file("shop/customers/relationships.yaml", "format_version: 1\ntable: shop.customers\nrefers_to: []\n"
                + "referenced_by:\n- column: [customer_id]\n  referencer_table: shop.orders\n"
                + "  referencer_column: [customer_id]\n  detection: inferred\n");
        p.file("shop/orders/relationships.annotations.yaml", verdicts);
        return p.harness();
    }

    private static Map<String, Object> context(ToolHarness h, String table, String purpose) {
        return json(h.call(new GetTableContextTool(h.store, h.paging),
                "{\"table\": \"" + table + "\", \"purpose\": \"" + purpose + "\", \"format\": \"json\"}"));
    }

    private static String joins(Map<String, Object> reply, String key) {
        return String.valueOf(((Map<?, ?>) reply.get("joins")).get(key));
    }

    @Test
    void aReadableVerdictFileWithNoRejectionKeepsTheEdge() {
        ToolHarness h = printWithVerdicts("format_version: 1\nrefers_to: []\n");
        assertTrue(joins(context(h, "shop.orders", "query"), "refers_to").contains("customer_id"));
        assertTrue(joins(context(h, "shop.customers", "query"), "referenced_by").contains("customer_id"));
    }

    @Test
    void aVerdictFileThatDoesNotParseWithholdsTheEdgesItDecidesOnBothTables() {
        ToolHarness h = printWithVerdicts("refers_to: [\n");
        Map<String, Object> orders = context(h, "shop.orders", "query");
        assertFalse(joins(orders, "refers_to").contains("customer_id"), joins(orders, "refers_to"));
        assertTrue(joins(orders, "refers_to").contains("region_id"), "a declared edge needs no verdict");
        assertTrue(((Map<?, ?>) orders.get("_corrupted")).containsKey("relationships_annotations"), orders.toString());
        assertEquals("[]", joins(context(h, "shop.customers", "query"), "referenced_by"));
        Map<?, ?> profile = (Map<?, ?>) context(h, "shop.orders", "profile").get("relationships");
        assertFalse(String.valueOf(profile.get("refers_to")).contains("customer_id"), profile.toString());
    }

    @Test
    void aVerdictFileThatDoesNotMatchItsSchemaWithholdsTheEdgesItDecides() {
        ToolHarness h = printWithVerdicts("format_version: 1\nrefers_to:\n"
                + "- column: [customer_id]\n  target_table: shop.customers\n  target_column: [customer_id]\n"
                + "  verdict: rejectd\n");
        Map<String, Object> orders = context(h, "shop.orders", "query");
        assertFalse(joins(orders, "refers_to").contains("customer_id"), joins(orders, "refers_to"));
        assertEquals(List.of("relationships_annotations"),
                List.copyOf(((Map<?, ?>) orders.get("_corrupted")).keySet()));
        assertEquals("[]", joins(context(h, "shop.customers", "query"), "referenced_by"));
    }
}
