package dev.dbprint.mcp.tool;

import static dev.dbprint.mcp.tool.PrintProject.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.print.yaml.YamlLoader;
import dev.dbprint.mcp.reference.ReferenceDocuments;
import dev.dbprint.mcp.resource.ResourceReader;
import dev.dbprint.mcp.tool.call.ToolResult;

class GetDiffToolTest {

    private static final String ANNOTATED = "  artifacts:\n    relationships: relationships.yaml\n"
            + "    relationships_annotations: relationships.annotations.yaml\n";

    private static final String REJECT_ORDERS_CUSTOMER = "format_version: 1\nrefers_to:\n- column: [customer_id]\n"
            + "  target_table: shop.customers\n  target_column: [customer_id]\n  verdict: rejected\n";

    private static final String DIFF_HEAD = "format_version: 1\ngenerated_at: '2026-05-17T22:48:01Z'\nconnection: shop\n"
            + "adapter: postgres\nsummary:\n  statistics_drifted: 1\n  relationships_changed: 3\n  comments_changed: 1\n"
            + "changes:\n";

    private static final String CHANGES = """
            - kind: column_removed
              table: shop.orders
              column: legacy
            - kind: relationship_removed
              source_table: shop.orders
              source_column: [customer_id]
              target_table: shop.customers
              target_column: [customer_id]
            - kind: relationship_added
              source_table: shop.items
              source_column: [order_id]
              target_table: shop.orders
              target_column: [order_id]
              detection: declared
            - kind: relationship_modified
              source_table: shop.items
              source_column: [sku]
              target_table: shop.products
              target_column: [sku]
            - kind: statistic_changed
              table: shop.customers
              column: country
              stat: cardinality
              before: 8
              after: 9
            - kind: comment_changed
            """;

    @TempDir
    Path dir;

    private PrintProject p;
    private ToolHarness h;

    @BeforeEach
    void print() {
        p = new PrintProject(dir);
        p.manifest("shop.orders:\n  type: table\n  path: shop/orders\n" + ANNOTATED
                + "shop.items:\n  type: table\n  path: shop/items\n" + ANNOTATED
                + "shop.customers:\n  type: table\n  path: shop/customers\n");
        p.file("shop/orders/relationships.yaml", "format_version: 1\ntable: shop.orders\nrefers_to:\n"
                + "- column: [customer_id]\n  target_table: shop.customers\n  target_column: [customer_id]\n"
                + "  detection: inferred\nreferenced_by: []\n");
        p.file("shop/orders/relationships.annotations.yaml", REJECT_ORDERS_CUSTOMER);
        // items declares its edge to orders in the catalog: a human's rejection never withholds a declared edge
        p.file("shop/items/relationships.yaml", "format_version: 1\ntable: shop.items\nrefers_to:\n"
                + "- column: [order_id]\n  target_table: shop.orders\n  target_column: [order_id]\n"
                + "  detection: declared\nreferenced_by: []\n");
        p.file("shop/items/relationships.annotations.yaml", "format_version: 1\nrefers_to:\n- column: [order_id]\n"
                + "  target_table: shop.orders\n  target_column: [order_id]\n  verdict: rejected\n");
        p.file("diff.yaml", DIFF_HEAD + CHANGES);
        h = p.harness();
    }

    private Map<String, Object> call(String args) {
        return json(h.call(new GetDiffTool(h.store, h.paging), args));
    }

    @SuppressWarnings("unchecked")
    private static List<String> kinds(Map<String, Object> reply) {
        List<String> out = new ArrayList<>();
        for (Object c : (List<Object>) reply.get("changes")) {
            out.add((String) ((Map<String, Object>) c).get("kind"));
        }
        return out;
    }

    private static Object relationshipsChanged(Map<String, Object> reply) {
        return ((Map<?, ?>) reply.get("summary")).get("relationships_changed");
    }

    @Test
    void theRejectedEdgesEventIsWithheldAndRelationshipsChangedRecounted() {
        Map<String, Object> reply = call("{}");
        assertEquals(List.of("format_version", "generated_at", "connection", "adapter", "summary", "changes", "total"),
                new ArrayList<>(reply.keySet()));
        assertEquals(List.of("column_removed", "relationship_added", "relationship_modified", "statistic_changed",
                "comment_changed"), kinds(reply));
        assertEquals(JsonText.parse("{\"statistics_drifted\": 1, \"relationships_changed\": 2, \"comments_changed\": 1}"),
                reply.get("summary"));
        assertEquals(JsonText.parse("5"), reply.get("total"));
    }

    /** A summary whose counts the events below do not all bear out, as a file may: each is carried as written. */
    private static final String WHOLE_SUMMARY_HEAD = DIFF_HEAD.replace("summary:\n  statistics_drifted: 1\n",
            "summary:\n  tables_modified: 3\n  columns_added: 1\n  columns_removed: 1\n  statistics_drifted: 400\n"
                    + "  unchanged_tables: 4\n  unevaluated_tables: 2\n");

    @Test
    void aKindFilterCarriesTheSummaryWholeRecountingOnlyRelationshipsChanged() {
        p.file("diff.yaml", WHOLE_SUMMARY_HEAD + CHANGES);
        assertEquals(JsonText.parse("{\"tables_modified\": 3, \"columns_added\": 1, \"columns_removed\": 1,"
                + " \"statistics_drifted\": 400, \"unchanged_tables\": 4, \"unevaluated_tables\": 2,"
                + " \"relationships_changed\": 0, \"comments_changed\": 1}"),
                call("{\"kind\": \"statistic_changed\"}").get("summary"));
        assertEquals(JsonText.parse("{\"tables_modified\": 3, \"columns_added\": 1, \"columns_removed\": 1,"
                + " \"statistics_drifted\": 400, \"unchanged_tables\": 4, \"unevaluated_tables\": 2,"
                + " \"relationships_changed\": 1, \"comments_changed\": 1}"),
                call("{\"table\": \"shop.orders\"}").get("summary"));
    }

    @Test
    void theUnfilteredSummaryIsTheOneTheDiffResourceServes() {
        // the events name four tables; the file says three modified, and so must the reply
        p.file("diff.yaml", WHOLE_SUMMARY_HEAD + CHANGES);
        Map<?, ?> summary = (Map<?, ?>) call("{}").get("summary");
        assertEquals(JsonText.parse("3"), summary.get("tables_modified"));
        assertEquals(JsonText.parse("2"), summary.get("relationships_changed"), "the rejected edge's event withheld");
        ResourceReader resources = new ResourceReader(h.store, h.connections, new ReferenceDocuments(Optional.empty()));
        @SuppressWarnings("unchecked")
        Map<String, Object> content = ((List<Map<String, Object>>) resources.read("dbprint://shop/diff").get("contents"))
                .get(0);
        Map<?, ?> served = (Map<?, ?>) new YamlLoader().load(Path.of("diff.yaml"),
                ((String) content.get("text")).getBytes(StandardCharsets.UTF_8));
        assertEquals(JsonText.parse(JsonText.compact(served.get("summary"))), summary);
    }

    @Test
    void aDeclaredEdgeIsKeptThoughAHumanRejectedIt() {
        Map<String, Object> reply = call("{\"table\": \"shop.items\"}");
        assertEquals(List.of("relationship_added", "relationship_modified"), kinds(reply));
        assertEquals(JsonText.parse("2"), relationshipsChanged(reply));
    }

    @Test
    void theTableFilterMatchesTableSourceAndTarget() {
        Map<String, Object> orders = call("{\"table\": \"shop.orders\"}");
        assertEquals(List.of("column_removed", "relationship_added"), kinds(orders), "orders is the added edge's target");
        assertEquals(JsonText.parse("1"), relationshipsChanged(orders));
        assertEquals(JsonText.parse("2"), orders.get("total"));
        // the withheld event names customers as its target; withholding runs before the filter
        Map<String, Object> customers = call("{\"table\": \"shop.customers\"}");
        assertEquals(List.of("statistic_changed"), kinds(customers));
        assertEquals(JsonText.parse("0"), relationshipsChanged(customers));
        assertEquals(List.of("relationship_modified"), kinds(call("{\"table\": \"shop.products\"}")));
    }

    @Test
    void theKindFilterAndBothTogether() {
        assertEquals(List.of(), kinds(call("{\"kind\": \"relationship_removed\"}")), "its only event is withheld");
        assertEquals(JsonText.parse("0"), call("{\"kind\": \"relationship_removed\"}").get("total"));
        assertEquals(List.of("statistic_changed"), kinds(call("{\"kind\": \"statistic_changed\"}")));
        assertEquals(List.of("relationship_added"),
                kinds(call("{\"kind\": \"relationship_added\", \"table\": \"shop.items\"}")));
        assertEquals(List.of(), kinds(call("{\"kind\": \"relationship_added\", \"table\": \"shop.customers\"}")));
        // the cached parse was not changed by the recounts above
        assertEquals(JsonText.parse("2"), relationshipsChanged(call("{}")));
    }

    @Test
    void aVerdictFileThatDoesNotParseFailsTheCallInsteadOfReleasingItsEdge() {
        Path verdicts = p.file("shop/orders/relationships.annotations.yaml", "refers_to: [\n");
        ToolResult r = h.call(new GetDiffTool(h.store, h.paging), "{}");
        assertTrue(r.isError());
        assertTrue(r.text().startsWith(verdicts + ": YAML parse error: "), r.text());
        // an event the filters leave out is not judged, and a declared edge needs no verdict
        p.file("shop/items/relationships.annotations.yaml", "verdict: [\n");
        assertEquals(List.of("column_removed"), kinds(call("{\"kind\": \"column_removed\"}")));
        assertEquals(List.of("relationship_added"), kinds(call("{\"kind\": \"relationship_added\"}")));
    }

    @Test
    void aVerdictFileThatDoesNotMatchItsSchemaFailsTheCall() {
        Path verdicts = p.file("shop/orders/relationships.annotations.yaml",
                REJECT_ORDERS_CUSTOMER.replace("verdict: rejected", "verdict: [rejected]"));
        ToolResult r = h.call(new GetDiffTool(h.store, h.paging), "{\"table\": \"shop.orders\"}");
        assertTrue(r.isError());
        assertTrue(r.text().startsWith(verdicts + ": does not match its schema (SPEC 2.7): refers_to[0].verdict: "),
                r.text());
    }

    @Test
    void aKindNeitherTheFormatNamesNorTheDiffHoldsIsAnArgumentFault() {
        ToolResult r = h.call(new GetDiffTool(h.store, h.paging), "{\"kind\": \"relationship_changed\"}");
        assertTrue(r.isError());
        assertTrue(r.text().startsWith("kind 'relationship_changed' must be one of ['table_added', "), r.text());
        assertTrue(r.text().endsWith(", 'comment_changed']."), r.text());
        assertEquals("kind '' must be a non-empty string.",
                h.call(new GetDiffTool(h.store, h.paging), "{\"kind\": \"\"}").text());
    }

    /** Format spec §5.3: a newer dbprint may write kinds this server does not name; the filter selects them too. */
    @Test
    void aKindTheFormatDoesNotNameIsSelectedWhereTheDiffHoldsIt() {
        p.file("diff.yaml", DIFF_HEAD + CHANGES + "- kind: policy_changed\n  table: shop.orders\n");
        assertEquals(List.of("policy_changed"), kinds(call("{\"kind\": \"policy_changed\"}")));
        ToolResult typo = h.call(new GetDiffTool(h.store, h.paging), "{\"kind\": \"policy_change\"}");
        assertTrue(typo.isError());
        assertTrue(typo.text().endsWith(", 'comment_changed', 'policy_changed']."), typo.text());
    }

    @Test
    void withoutADiffTheCallSaysHowToGetOne() {
        p.root.resolve("diff.yaml").toFile().delete();
        ToolResult r = h.call(new GetDiffTool(h.store, h.paging), "{}");
        assertTrue(r.isError());
        assertEquals("no diff available at " + p.root.resolve("diff.yaml")
                + ". Run dbprint diff or dbprint generate first.", r.text());
    }

    @Test
    void aVerdictEditedBetweenPagesInvalidatesTheCursor() {
        StringBuilder many = new StringBuilder(CHANGES);
        for (int i = 0; i < 300; i++) {
            many.append("- kind: statistic_changed\n  table: shop.customers\n  column: c").append(i)
                    .append("\n  stat: cardinality\n  before: 8\n  after: 9\n");
        }
        p.file("diff.yaml", DIFF_HEAD + many);
        Map<String, Object> first = call("{}");
        String cursor = (String) first.get("next_cursor");
        assertTrue(cursor != null);
        assertEquals(JsonText.parse("305"), first.get("total"));
        List<Map<String, Object>> all = PrintProject.pages(h, new GetDiffTool(h.store, h.paging), "{}");
        assertEquals(305, all.stream().mapToInt(page -> ((List<?>) page.get("changes")).size()).sum());
        p.file("shop/orders/relationships.annotations.yaml", REJECT_ORDERS_CUSTOMER + "  note: changed my mind\n");
        ToolResult r = h.call(new GetDiffTool(h.store, h.paging), "{\"cursor\": \"" + cursor + "\"}");
        assertTrue(r.isError());
        assertEquals("the print changed on disk since this cursor was issued, so get_diff cannot resume where it left"
                + " off. Call again without `cursor` to start over.", r.text());
    }
}
