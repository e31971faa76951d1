package dev.dbprint.mcp.sqlcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.dbprint.mcp.paging.DocumentPager;
import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.tool.ToolHarness;
import dev.dbprint.mcp.tool.call.ToolResult;

/** check_sql as a tool: its arguments, its three formats, the Terms legend of its Markdown, and paging (§4.8). */
class CheckSqlToolTest {

    @TempDir
    Path dir;
    SampleCheck check;

    @BeforeEach
    void setUp() {
        check = SampleCheck.in(dir);
    }

    private ToolResult call(String args) {
        return check.call(args);
    }

    private String fault(String args) {
        ToolResult r = call(args);
        assertTrue(r.isError(), r.text());
        return r.text();
    }

    @Test
    void argumentFaultsAreTheSpecSentences() {
        assertEquals("check_sql requires 'sql'.", fault("{}"));
        assertEquals("sql '' must be a non-empty string.", fault("{\"sql\": \"\"}"));
        assertEquals("sql 7 must be of type string.", fault("{\"sql\": 7}"));
        assertEquals("dialect 'oracle' must be one of ['postgres', 'mysql', 'duckdb', 'clickhouse', 'redshift',"
                + " 'snowflake', 'databricks', 'bigquery'].", fault("{\"sql\": \"SELECT 1\", \"dialect\": \"oracle\"}"));
        assertEquals("format 'yml' must be one of ['md', 'json', 'yaml'].",
                fault("{\"sql\": \"SELECT 1\", \"format\": \"yml\"}"));
        assertEquals("check_sql takes no argument 'table'. Accepted: ['connection', 'dialect', 'format', 'sql'].",
                fault("{\"sql\": \"SELECT 1\", \"table\": \"rental.ride\"}"));
        assertEquals("connection 'nope' not in .dbprint.yaml. Configured: ['shop']",
                fault("{\"sql\": \"SELECT 1\", \"connection\": \"nope\"}"));
    }

    @Test
    void dialectAndFormatFoldCaseAndTheDialectDefaultsToTheAdapter() {
        JsonNode reply = ToolHarness.parse(call("{\"sql\": \"SELECT 1\", \"format\": \"JSON\"}").text());
        assertEquals("postgres", reply.get("dialect").asText());
        reply = ToolHarness.parse(call("{\"sql\": \"SELECT 1\", \"format\": \"json\", \"dialect\": \"MySQL\"}").text());
        assertEquals("mysql", reply.get("dialect").asText());
    }

    @Test
    void everyStatementUnreadableFailsTheCallWithEachDetail() {
        String first = fault("{\"sql\": \"SELEC 1; SELEC 2\"}");
        assertTrue(first.startsWith("statement 1 could not be read: reading stopped at line 1, column 1, at 'SELEC';"
                + " expected one of: "), first);
        String both = fault("{\"sql\": \"SELEC 1;\\nSELEC 2\"}");
        assertTrue(both.contains(" statement 2 could not be read: reading stopped at line 2, column 1"), both);
    }

    @Test
    void markdownSaysWhatItCheckedAndALineForACleanStatement() {
        ToolResult r = call("{\"sql\": \"SELECT model FROM rental.bike;\\nSELECT * FROM rental.rides\"}");
        assertFalse(r.isError(), r.text());
        String md = r.text();
        assertTrue(md.startsWith("# check_sql: 2 statements, connection shop, dialect postgres\n"
                + "Checked against the print alone: no database was connected to and nothing was run.\n"), md);
        assertTrue(md.contains("## Statement 1 (line 1, column 1)\n" + CheckReport.NO_FINDING), md);
        assertTrue(md.contains("## Statement 2 (line 2, column 1)\n- error (unknown_table) at line 2, column 15: Table"
                + " rental.rides is not in the print."), md);
        assertTrue(md.contains(" Print: manifest.yaml, tables. Fix: Use rental.ride if that is the table meant"), md);
    }

    @Test
    void theLegendDefinesExactlyTheSeverityKindAndPrintWordsThePagePrints() {
        String md = call("{\"sql\": \"SELECT email FROM rental.customer WHERE country_code = 'DE';"
                + " SELECT c.customer_id FROM rental.customer c JOIN rental.tariff t ON t.tariff_id = c.tariff_id\"}")
                .text();
        Set<String> defined = legendLabels(md);
        assertEquals(Set.of("error", "warning", "sensitive_column", "value_spellings", "join_rejected", "sensitivity",
                "redacted", "also spelled", "inferred"), defined, md);
        String clean = call("{\"sql\": \"SELECT model FROM rental.bike\"}").text();
        assertFalse(clean.contains("## Terms"), clean);
    }

    private static Set<String> legendLabels(String md) {
        Set<String> out = new LinkedHashSet<>();
        int at = md.indexOf("\n## Terms\n");
        assertTrue(at > 0, md);
        Matcher m = Pattern.compile("(?m)^- ([^:]+): .*\\(json/yaml: ").matcher(md.substring(at));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void jsonCarriesEachFindingWithItsFactAndFix() {
        JsonNode reply = ToolHarness.parse(call("{\"sql\": \"SELECT ride_id FROM rental.ride WHERE ended_at = NULL\","
                + " \"format\": \"json\"}").text());
        assertEquals(ToolHarness.singleQuoted("""
                {'connection': 'shop', 'dialect': 'postgres', 'statements': 1, 'results': [{'statement': 1, 'line': 1,
                 'column': 1, 'findings': [{'severity': 'error', 'kind': 'null_comparison', 'line': 1, 'column': 39,
                 'message': 'XX', 'fix': 'Write IS NULL instead.'}]}], 'total': 1}""")
                .toString().replace("\"XX\"", "\"'ended_at = NULL' compares with = NULL, which is never true: a"
                        + " comparison with NULL is unknown.\""),
                reply.toString());
    }

    @Test
    void yamlIsTheSameObject() {
        String yaml = call("{\"sql\": \"SELECT strated_at FROM rental.ride\", \"format\": \"yaml\"}").text();
        assertTrue(yaml.contains("kind: unknown_column"), yaml);
        assertTrue(yaml.contains("file: rental/ride/statistics.yaml"), yaml);
    }

    @Test
    void manyStatementsArePagedAndTheCursorsWalkEveryOneOnce() {
        StringBuilder sql = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            sql.append("SELECT strated_at FROM rental.ride WHERE ended_at = NULL;\n");
        }
        String args = "{\"sql\": " + ToolHarness.MAPPER.valueToTree(sql.toString()) + ", \"format\": \"json\"";
        List<Integer> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            ToolResult r = call(args + (cursor == null ? "}" : ", \"cursor\": \"" + cursor + "\"}"));
            assertFalse(r.isError(), r.text());
            assertTrue(r.text().length() <= Pager.MAX_CHARS, "page of " + r.text().length());
            JsonNode page = ToolHarness.parse(r.text());
            assertEquals(400, page.get("total").asInt());
            page.get("results").forEach(s -> seen.add(s.get("statement").asInt()));
            cursor = page.hasNonNull("next_cursor") ? page.get("next_cursor").asText() : null;
            pages++;
        } while (cursor != null);
        assertTrue(pages > 1, "pages: " + pages);
        List<Integer> expected = new ArrayList<>();
        for (int i = 1; i <= 400; i++) {
            expected.add(i);
        }
        assertEquals(expected, seen);
        String md = call("{\"sql\": " + ToolHarness.MAPPER.valueToTree(sql.toString()) + "}").text();
        assertTrue(md.length() <= Pager.MAX_CHARS && md.contains("\n" + DocumentPager.CURSOR_LINE_PREFIX), md.length() + "");
    }

    @Test
    void aTableNameTwoSchemasHoldIsAmbiguousUnqualified() throws Exception {
        Path root = dir.resolve("prints/shop");
        Path copy = root.resolve("archive/bike");
        Fixtures.copyDirectory(root.resolve("rental/bike"), copy);
        String manifest = Files.readString(root.resolve("manifest.yaml"));
        String entry = manifest.substring(manifest.indexOf("  rental.bike:\n"), manifest.indexOf("  rental.customer:\n"));
        Files.writeString(root.resolve("manifest.yaml"), manifest.replace("\ntables:\n",
                "\ntables:\n" + entry.replace("rental.bike", "archive.bike").replace("rental/bike", "archive/bike")));
        ToolResult r = call("{\"sql\": \"SELECT model FROM bike\", \"format\": \"json\"}");
        assertFalse(r.isError(), r.text());
        JsonNode reply = ToolHarness.parse(r.text());
        JsonNode f = reply.get("results").get(0).get("findings").get(0);
        assertEquals("ambiguous_table", f.get("kind").asText(), reply.toString());
        assertTrue(f.get("message").asText().contains("archive.bike, rental.bike"), f.toString());
        assertEquals(1, reply.get("results").get(0).get("findings").size(), reply.toString());
        assertNull(ToolHarness.parse(call("{\"sql\": \"SELECT model FROM rental.bike\", \"format\": \"json\"}").text())
                .get("results").get(0).get("findings").get(0));
    }
}
