package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * get_table_context on small prints, one behaviour each: a catalog-only view's null shares, a numeric or temporal list
 * of every value that is still no domain, a description's own headings, and a fenced block split across pages.
 */
class GetTableContextReadingsTest {

    private static final String TABLES = PrintProject.entry("s.v", "artifacts:", "  statistics: statistics.yaml",
            "  relationships: relationships.yaml").replace("type: table", "type: view")
            + PrintProject.entry("s.t", "artifacts:", "  ddl: ddl.sql", "  statistics: statistics.yaml",
                    "  description: description.md", "  relationships: relationships.yaml");

    @TempDir
    Path dir;
    PrintProject p;

    @BeforeEach
    void print() {
        p = new PrintProject(dir);
        p.manifest(TABLES);
        p.file("s/v/statistics.yaml", """
                format_version: 1
                table: s.v
                type: view
                profiled_at: '2026-03-01T10:00:00Z'
                catalog_only: true
                columns:
                  a_id: {sql_type: BIGINT, nullable: true, classification: numeric}
                  b: {sql_type: TEXT, nullable: true, classification: text}
                  c: {sql_type: TEXT, nullable: false, classification: text}
                  d: {sql_type: DATE, nullable: true, classification: temporal}
                """);
        p.file("s/v/relationships.yaml", """
                format_version: 1
                table: s.v
                eligible_target: true
                refers_to:
                - column: [a_id]
                  target_table: s.t
                  target_column: [id]
                  detection: inferred
                referenced_by: []
                """);
        p.file("s/t/statistics.yaml", """
                format_version: 1
                table: s.t
                type: table
                profiled_at: '2026-03-01T10:00:00Z'
                row_count: 120
                row_count_method: exact
                columns:
                  opened_on:
                    sql_type: DATE
                    nullable: false
                    null_count: 0
                    null_rate: 0.0
                    classification: temporal
                    cardinality: 2
                    cardinality_ratio: 0.016667
                    cardinality_method: exact
                    values:
                    - {value: '2025-01-01', count: 80}
                    - {value: '2025-06-30', count: 40}
                    frequencies: {top: 80, bottom: 40, listed: 2, total: 120}
                    distribution: imbalanced
                  n:
                    sql_type: INTEGER
                    nullable: true
                    null_count: 0
                    null_rate: 0.0
                    classification: numeric
                    cardinality: 3
                    cardinality_method: exact
                    values:
                    - {value: 1, count: 60}
                    - {value: 2, count: 36}
                    - {value: 3, count: 24}
                    frequencies: {top: 60, bottom: 24, listed: 3, total: 120}
                  due_on:
                    sql_type: DATE
                    nullable: false
                    null_count: 0
                    classification: temporal
                    cardinality: 3
                    cardinality_method: exact
                    values:
                    - {value: '2099-12-31', count: 100}
                    - {value: '2025-01-01', count: 10}
                    - {value: '2025-01-02', count: 10}
                    frequencies: {top: 100, bottom: 10, listed: 3, total: 120}
                """);
        p.file("s/t/relationships.yaml", "format_version: 1\ntable: s.t\neligible_target: true\nrefers_to: []\n"
                + "referenced_by: []\n");
        p.file("s/t/description.md", """
                # Orders

                What a customer bought.

                ## Columns
                Details
                -------
                Setext too.

                ```text
                # not a heading, inside a fence
                ```

                - a list item
                ---
                ```
                an unclosed fence
                """);
        p.file("s/t/ddl.sql", "CREATE TABLE s.t (\n    opened_on DATE NOT NULL\n);\n");
    }

    private List<String> pages(String args) {
        ToolHarness h = p.harness();
        GetTableContextTool tool = new GetTableContextTool(h.store, h.paging);
        String format = ToolHarness.parse(args).path("format").asText("md");
        List<String> out = new ArrayList<>();
        String cursor = null;
        do {
            ToolResult r = h.call(tool, cursor == null
                    ? args
                    : args.substring(0, args.length() - 1) + ", \"cursor\": \"" + cursor + "\"}");
            assertFalse(r.isError(), r.text());
            assertTrue(r.text().length() <= Pager.MAX_CHARS, "page of " + r.text().length());
            out.add(r.text());
            cursor = GetTableContextFixtureTest.nextCursor(r.text(), format);
        } while (cursor != null);
        return out;
    }

    private String one(String args) {
        List<String> pages = pages(args);
        assertEquals(1, pages.size(), args);
        return pages.get(0);
    }

    @Test
    void aCatalogOnlyViewStatesEveryNullableColumnsUnknownShareExactlyOnce() {
        String md = one("{\"table\": \"s.v\", \"purpose\": \"query\"}");
        assertTrue(md.contains("- a_id -> s.t.id (inferred); nulls: not measured\n"), md);
        assertTrue(md.contains("Nulls: b (not measured), d (not measured)\n"), md);
        for (String column : List.of("a_id", "b", "d")) {
            assertEquals(1, md.split("\\b" + column + "\\b.{0,30}not measured", -1).length - 1, column + " in " + md);
        }
        assertFalse(md.contains("c (not measured)"), "a NOT NULL column states nothing");
        JsonNode json = ToolHarness.parse(one("{\"table\": \"s.v\", \"purpose\": \"query\", \"format\": \"json\"}"));
        assertEquals(ToolHarness.singleQuoted("{'b': null, 'd': null}"), json.get("nulls"));
        JsonNode edge = json.get("joins").get("refers_to").get(0);
        assertTrue(edge.has("null_rate") && edge.get("null_rate").isNull(), edge.toString());
    }

    @Test
    void aNumericOrTemporalListIsNeverADomainEvenWhenItListsEveryValue() {
        // each column lists an exact cardinality's every value; only a sentinel clearing both bars has a row
        String md = one("{\"table\": \"s.t\", \"purpose\": \"query\"}");
        assertTrue(md.contains("| due_on | '2099-12-31' (100) | frequent values, not a domain: together 83.3% of the"
                + " non-null rows |  |\n"), md);
        assertFalse(md.contains("| opened_on |"), md);
        assertFalse(md.contains("| n |"), md);
        assertTrue(md.contains("Nulls: n (none)\n"), "a nullable column with no row states its share on the Nulls line");
        assertFalse(md.contains("whole domain"), md);
        assertFalse(md.contains("values_coverage"), "no Terms line points at a coverage these columns lack");
        JsonNode values = ToolHarness.parse(one("{\"table\": \"s.t\", \"purpose\": \"query\", \"format\": \"json\"}"))
                .get("values");
        assertEquals(List.of("due_on"), fieldNames(values));
        assertEquals("frequent values, not a domain: together 83.3% of the non-null rows",
                values.get("due_on").get("coverage_statement").asText());
        assertFalse(values.get("due_on").has("coverage"), "the column carries no values_coverage");
        String profile = one("{\"table\": \"s.t\"}");
        assertTrue(profile.contains("top 5: 1 50%, 2 30%, 3 20% (together 100%)"), profile);
        assertFalse(profile.contains("whole domain"), profile);
        // resolve_value's exhaustive still says the list holds every value (spec §4.7)
        ToolHarness h = p.harness();
        JsonNode resolved = ToolHarness.parse(h.call(new ResolveValueTool(h.store, h.paging),
                "{\"table\": \"s.t\", \"column\": \"opened_on\", \"text\": \"2025-01-01\"}").text());
        assertTrue(resolved.get("exhaustive").asBoolean());
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> out = new ArrayList<>();
        object.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void aQueryReplyKeepsOneSectionOrderWhetherItFitsOnePageOrPages() {
        String small = sectionsTable("s.small", 3);
        String wide = sectionsTable("s.wide", 400);
        p.manifest(TABLES + small + wide);
        List<String> order = List.of("## DDL", "## Column values", "## Joins", "## Data dictionary");
        assertEquals(order, headings(List.of(one("{\"table\": \"s.small\", \"purpose\": \"query\"}"))));
        List<String> paged = pages("{\"table\": \"s.wide\", \"purpose\": \"query\"}");
        assertTrue(paged.size() > 1, "pages " + paged.size());
        assertEquals(order, headings(paged));
    }

    /**
     * Writes a table of {@code columns} categorical columns, the first joined to s.t and noted, so that its query reply
     * holds every section but Connection notes; answers its manifest entry.
     */
    private String sectionsTable(String fqn, int columns) {
        String path = fqn.replace('.', '/');
        StringBuilder ddl = new StringBuilder("CREATE TABLE " + fqn + " (\n");
        StringBuilder stats = new StringBuilder("format_version: 1\ntable: " + fqn + "\ntype: table\nrow_count: 100\n"
                + "row_count_method: exact\ncolumns:\n");
        for (int i = 0; i < columns; i++) {
            ddl.append("    c").append(i).append(" TEXT NOT NULL").append(i < columns - 1 ? ",\n" : "\n);\n");
            stats.append("  c").append(i).append(": {sql_type: TEXT, nullable: false, null_count: 0, classification:"
                    + " categorical, cardinality: 2, cardinality_method: exact, values: [{value: a, count: 60},"
                    + " {value: b, count: 40}], values_coverage: 1.0}\n");
        }
        p.file(path + "/ddl.sql", ddl.toString());
        p.file(path + "/statistics.yaml", stats.toString());
        p.file(path + "/statistics.annotations.yaml", "format_version: 1\ncolumns:\n  c0: {note: the first column}\n");
        p.file(path + "/relationships.yaml", "format_version: 1\ntable: " + fqn + "\neligible_target: true\n"
                + "refers_to:\n- {column: [c0], target_table: s.t, target_column: [opened_on], detection: inferred}\n"
                + "referenced_by: []\n");
        return PrintProject.entry(fqn, "artifacts:", "  ddl: ddl.sql", "  statistics: statistics.yaml",
                "  statistics_annotations: statistics.annotations.yaml", "  relationships: relationships.yaml");
    }

    /** The section headings of a reply's pages in reading order, each once, the per-page Terms left out. */
    private static List<String> headings(List<String> pages) {
        List<String> out = new ArrayList<>();
        for (String page : pages) {
            for (String line : page.split("\n")) {
                if (line.startsWith("## ") && !line.equals("## Terms") && !out.contains(line)) {
                    out.add(line);
                }
            }
        }
        return out;
    }

    @Test
    void aDescriptionsHeadingsNestBelowTheReplysSections() {
        String md = one("{\"table\": \"s.t\"}");
        String description = md.substring(md.indexOf("## Description\n"), md.indexOf("## Cardinality\n"));
        assertTrue(description.contains("\n### Orders\n"), description);
        assertTrue(description.contains("\n#### Columns\n#### Details\nSetext too.\n"), description);
        assertTrue(description.contains("\n# not a heading, inside a fence\n"), description);
        assertTrue(description.contains("\n- a list item\n---\n"), "a rule under a list item is no heading");
        List<String> headings = new ArrayList<>();
        boolean fenced = false;
        for (String line : md.split("\n")) {
            fenced ^= line.startsWith("```");
            if (!fenced && (line.startsWith("# ") || line.startsWith("## "))) {
                headings.add(line);
            }
        }
        assertEquals(List.of("# s.t", "## Terms", "## DDL", "## Description", "## Cardinality", "## Relationships"),
                headings);
    }

    @Test
    void everyPageIsWellFormedThoughAFencedBlockSpansPages() {
        p.file("s/t/ddl.sql", "CREATE TABLE s.t (\n" + "    opened_on DATE NOT NULL, -- when\n".repeat(1_500) + ");\n");
        List<String> pages = pages("{\"table\": \"s.t\"}");
        assertTrue(pages.size() > 2, "the DDL spans pages: " + pages.size());
        for (int k = 0; k < pages.size(); k++) {
            assertNull(openFenceAtEnd(pages.get(k)), "page " + k + " leaves a fence open");
        }
        String second = pages.get(1);
        assertTrue(second.startsWith("```sql\n") || second.contains("\n```sql\n    opened_on"), second.substring(0, 200));
        // the description's unclosed fence is closed before the next section
        String all = String.join("", pages);
        assertTrue(all.contains("an unclosed fence\n```\n"), all.substring(all.indexOf("an unclosed")));
    }

    @Test
    void yamlRepeatsASharedValueRatherThanAnchoringIt() {
        String yaml = one("{\"table\": \"s.t\", \"purpose\": \"query\", \"format\": \"yaml\"}");
        assertTrue(yaml.contains("  refers_to: []\n  referenced_by: []\n"), yaml);
        assertFalse(yaml.contains("&id") || yaml.contains("*id"), yaml);
    }

    /** The fence line open at the end of {@code page}, or null when every block it opens is closed. */
    private static String openFenceAtEnd(String page) {
        String open = null;
        for (String line : page.split("\n")) {
            if (open == null && line.startsWith("## ")) {
                continue;
            }
            if (line.startsWith("```")) {
                open = open == null ? line : null;
            } else if (open != null && line.startsWith("## ")) {
                return open + " (before " + line + ")";
            }
        }
        return open;
    }
}
