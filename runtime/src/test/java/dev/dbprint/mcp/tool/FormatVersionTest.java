package dev.dbprint.mcp.tool;

import static dev.dbprint.mcp.tool.PrintProject.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * Format spec §5.2: a file of a later format MAJOR is refused naming the file, the version found and the one this
 * server reads, never read as version 1; the files of version 1 beside it are still served.
 */
class FormatVersionTest {

    private static final String STATISTICS = """
            format_version: %s
            table: shop.%s
            row_count: 2
            columns:
              status:
                sql_type: TEXT
                nullable: false
                null_count: 0
                null_rate: 0.0
                classification: categorical
                cardinality: 1
                values: [{value: open, count: 2}]
                values_coverage: 1.0
            """;

    @TempDir
    Path dir;

    private static String reason(String found) {
        return "format_version " + found + " is a newer print format than this server reads (format_version 1); serve"
                + " it with a dbprint-mcp release that reads it.";
    }

    private static String refusal(Path file, String found) {
        return file + ": " + reason(found);
    }

    private PrintProject print() {
        PrintProject p = new PrintProject(dir);
        p.manifest(PrintProject.entry("shop.orders", "artifacts:", "  statistics: statistics.yaml",
                "  relationships: relationships.yaml")
                + PrintProject.entry("shop.items", "artifacts:", "  statistics: statistics.yaml"));
        p.file("shop/orders/statistics.yaml", STATISTICS.formatted("2", "orders"));
        p.file("shop/orders/relationships.yaml", "format_version: 2\ntable: shop.orders\nrefers_to: []\n");
        p.file("shop/items/statistics.yaml", STATISTICS.formatted("1", "items"));
        return p;
    }

    private static String resolve(ToolHarness h, String table) {
        return h.call(new ResolveValueTool(h.store, h.paging),
                "{\"table\": \"" + table + "\", \"column\": \"status\", \"text\": \"open\"}").text();
    }

    @Test
    void aLaterStatisticsFileIsRefusedAndTheVersionOneTableBesideItServed() {
        PrintProject p = print();
        ToolHarness h = p.harness();
        ToolResult refused = h.call(new ResolveValueTool(h.store, h.paging),
                "{\"table\": \"shop.orders\", \"column\": \"status\", \"text\": \"open\"}");
        assertTrue(refused.isError(), refused.text());
        assertEquals(refusal(p.root.resolve("shop/orders/statistics.yaml"), "2"), refused.text());
        assertTrue(resolve(h, "shop.items").contains("\"match\": \"stored\""), resolve(h, "shop.items"));
    }

    /** Degrading as for any broken artifact: each file is named by its artifact under {@code _corrupted}. */
    @Test
    void getTableContextNamesTheLaterFilesAsCorrupted() {
        PrintProject p = print();
        ToolHarness h = p.harness();
        Map<String, Object> reply = json(h.call(new GetTableContextTool(h.store, h.paging),
                "{\"table\": \"shop.orders\", \"format\": \"json\"}"));
        Map<?, ?> corrupted = (Map<?, ?>) reply.get("_corrupted");
        assertEquals(reason("2"), corrupted.get("statistics"));
        assertEquals(reason("2"), corrupted.get("relationships"));
    }

    /** search_columns reads a skim of statistics.yaml that keeps format_version, so it is not searched as version 1. */
    @Test
    void searchColumnsNamesTheLaterTableUnreadableAndSearchesTheOther() {
        ToolHarness h = print().harness();
        Map<String, Object> reply = json(h.call(new SearchColumnsTool(h.store, h.paging, 1 << 20), "{}"));
        assertEquals(List.of("shop.orders"), reply.get("unreadable_tables"));
        assertEquals("shop.items", ((Map<?, ?>) ((List<?>) reply.get("matches")).get(0)).get("table"));
    }

    @Test
    void aLaterManifestRefusesEveryCallNamingIt() {
        PrintProject p = print();
        p.file("manifest.yaml", "format_version: 3\nconnection: shop\ntables: {}\n");
        ToolHarness h = p.harness();
        assertEquals(refusal(p.root.resolve("manifest.yaml"), "3"),
                h.call(new GetManifestTool(h.store, h.paging), "{}").text());
        assertEquals(refusal(p.root.resolve("manifest.yaml"), "3"), resolve(h, "shop.items"));
    }

    @Test
    void aLaterDiffIsRefusedWhileTheManifestIsServed() {
        PrintProject p = print();
        p.file("diff.yaml", "format_version: 2\nchanges: []\n");
        ToolHarness h = p.harness();
        ToolResult diff = h.call(new GetDiffTool(h.store, h.paging), "{}");
        assertTrue(diff.isError(), diff.text());
        assertEquals(refusal(p.root.resolve("diff.yaml"), "2"), diff.text());
        assertTrue(json(h.call(new GetManifestTool(h.store, h.paging), "{}")).containsKey("tables"));
    }

    @Test
    void aMinorSpellingOfVersionOneIsRead() {
        PrintProject p = print();
        p.file("shop/items/statistics.yaml", STATISTICS.formatted("1.1", "items"));
        assertTrue(resolve(p.harness(), "shop.items").contains("\"match\": \"stored\""));
    }
}
