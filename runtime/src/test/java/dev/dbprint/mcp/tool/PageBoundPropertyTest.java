package dev.dbprint.mcp.tool;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.dbprint.mcp.paging.Pager;
import dev.dbprint.mcp.render.YamlText;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * §4.8: every page of get_table_context is at most 20,000 characters as sent, in md, json and yaml alike, whatever the
 * print's texts hold. Generated prints (a fixed seed per case, so a failure replays) fill the connection notes, DDL
 * comments, the description, notes and values with quotes, backslashes, line breaks, emoji and control characters —
 * what YAML doubles, escapes or indents and JSON does not — at sizes around a page.
 */
class PageBoundPropertyTest {

    private static final int CASES = 16;
    private static final String[] PIECES = {"'", "''", "\"", "\\", "\n", "\r\n", "\t", "\u0001", "\u001f", "\u007f",
            "\u0085", "\u00a0", "\u2028", "\ufeff", "\uD83D\uDE00", "\uD83C\uDF89", "é", ": ", "# ", "- ", "|", "```",
            "{", "[*]", "null", "yes", "0.1", " ", "  ", "word", "SELECT 'x' AS \"y\"", "--", "%"};

    @TempDir
    Path dir;

    @Test
    void everyPageOfEveryFormatIsWithinTheBoundAsSent() {
        for (int seed = 1; seed <= CASES; seed++) {
            Random random = new Random(seed);
            PrintProject p = new PrintProject(dir.resolve("case" + seed));
            print(p, random);
            ToolHarness h = p.harness();
            GetTableContextTool tool = new GetTableContextTool(h.store, h.paging);
            for (String purpose : List.of("profile", "query")) {
                for (String format : List.of("md", "json", "yaml")) {
                    String args = "{\"table\": \"s.t\", \"purpose\": \"" + purpose + "\", \"format\": \"" + format + "\"";
                    String cursor = null;
                    int pages = 0;
                    do {
                        ToolResult r = h.call(tool, args + (cursor == null ? "" : ", \"cursor\": \"" + cursor + "\"") + "}");
                        String what = "seed " + seed + " " + purpose + " " + format + " page " + pages;
                        assertFalse(r.isError(), what + ": " + r.text());
                        assertTrue(r.text().length() <= Pager.MAX_CHARS, what + " is " + r.text().length());
                        cursor = GetTableContextFixtureTest.nextCursor(r.text(), format);
                        pages++;
                    } while (cursor != null && pages < 200);
                    assertTrue(cursor == null, "seed " + seed + " " + purpose + " " + format + " ends");
                }
            }
        }
    }

    /** A text of about {@code size} characters drawn from {@link #PIECES}. */
    private static String text(Random random, int size) {
        StringBuilder sb = new StringBuilder();
        while (sb.length() < size) {
            sb.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return sb.toString();
    }

    /** Up to a page and a half, usually less: most pages hold several texts, some hold one that must be cut. */
    private static int size(Random random) {
        return random.nextInt(4) == 0 ? 5_000 + random.nextInt(25_000) : random.nextInt(3_000);
    }

    private static void print(PrintProject p, Random random) {
        p.manifest("manifest_annotations: manifest.annotations.yaml\n",
                PrintProject.entry("s.t", "artifacts:", "  ddl: ddl.sql", "  statistics: statistics.yaml",
                        "  statistics_annotations: statistics.annotations.yaml", "  description: description.md",
                        "  relationships: relationships.yaml"));
        p.file("manifest.annotations.yaml", YamlText.dump(Map.of("format_version", 1, "notes", text(random, size(random)))));
        StringBuilder ddl = new StringBuilder("CREATE TABLE s.t (\n");
        for (int i = 0, n = 1 + random.nextInt(400); i < n; i++) {
            ddl.append("    c").append(i).append(" TEXT, -- ").append(text(random, random.nextInt(80)).replace("\n", " "))
                    .append('\n');
        }
        p.file("s/t/ddl.sql", ddl.append(");\n").toString());
        p.file("s/t/description.md", text(random, size(random)));
        Map<String, Object> columns = new LinkedHashMap<>();
        Map<String, Object> notes = new LinkedHashMap<>();
        for (int i = 0, n = 1 + random.nextInt(12); i < n; i++) {
            List<Object> values = new ArrayList<>();
            List<Object> valueNotes = new ArrayList<>();
            for (int v = 0, k = 1 + random.nextInt(20); v < k; v++) {
                String value = text(random, random.nextInt(4) == 0 ? size(random) : random.nextInt(40)) + v;
                values.add(Map.of("value", value, "count", 100 - v));
                if (random.nextBoolean()) {
                    valueNotes.add(Map.of("value", value, "note", text(random, random.nextInt(300))));
                }
            }
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("sql_type", "TEXT");
            c.put("nullable", true);
            c.put("null_count", 1);
            c.put("null_rate", new java.math.BigDecimal("0.01"));
            c.put("classification", "categorical");
            c.put("cardinality", values.size());
            c.put("cardinality_method", "exact");
            c.put("values", values);
            c.put("values_coverage", random.nextBoolean() ? new java.math.BigDecimal("1.0") : new java.math.BigDecimal("0.5"));
            columns.put("c" + i, c);
            Map<String, Object> note = new LinkedHashMap<>();
            note.put("note", text(random, random.nextInt(2_000)));
            if (!valueNotes.isEmpty()) {
                note.put("values", valueNotes);
            }
            notes.put("c" + i, note);
        }
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("format_version", 1);
        stats.put("table", "s.t");
        stats.put("type", "table");
        stats.put("profiled_at", "2026-03-01T10:00:00Z");
        stats.put("row_count", 100);
        stats.put("row_count_method", "exact");
        stats.put("columns", columns);
        p.file("s/t/statistics.yaml", YamlText.dump(stats));
        p.file("s/t/statistics.annotations.yaml", YamlText.dump(Map.of("format_version", 1, "columns", notes)));
        p.file("s/t/relationships.yaml", "format_version: 1\ntable: s.t\neligible_target: true\nrefers_to: []\n"
                + "referenced_by: []\n");
    }
}
