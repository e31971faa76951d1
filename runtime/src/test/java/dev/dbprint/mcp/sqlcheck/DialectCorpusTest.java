package dev.dbprint.mcp.sqlcheck;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.Yaml;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.tool.CheckSqlTool;
import dev.dbprint.mcp.tool.ToolHarness;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * check_sql against the per-dialect statement corpus: every file under {@code checksql/dialects/} (one per dbprint
 * adapter, plus {@code faults.yaml} for faults no dialect owns), in the case format of {@code checksql/corpus.yaml},
 * each case marked {@code correct: true} (a statement that database accepts and that means what it says: no error, no
 * warning, no note but stale_statistics / not_a_query) or {@code correct: false} (planted faults, with their exact
 * findings in reply order). Cases run over the print they name: the bundled sample, the production example, and two
 * fixture prints, {@code arboretum} (Snowflake, database.schema.table FQNs) and {@code fleet} (BigQuery,
 * dataset.table). After the run a table per dialect goes to stdout: statements read, false errors on correct
 * statements, planted faults found.
 */
class DialectCorpusTest {

    static final String DIR = "checksql/dialects";
    static final List<String> DIALECTS = List.of("postgres", "mysql", "duckdb", "clickhouse", "redshift", "snowflake",
            "databricks", "bigquery");
    static final Map<String, String> DEFAULT_NOW = Map.of("sample", "2026-11-28T00:00:00Z", "production",
            "2026-05-18T00:00:00Z", "arboretum", "2026-11-28T00:00:00Z", "fleet", "2026-11-28T00:00:00Z");
    static final Set<String> NOTES_ALLOWED_ON_CORRECT = Set.of("stale_statistics", "not_a_query");

    @TempDir
    static Path dir;
    static Map<String, ToolHarness> harnesses = new HashMap<>();
    /** Per dialect: [statements, read, correct cases, correct with a false error/warning/unread, fault cases,
     *  expected fault findings, found, fault cases exact]. */
    static Map<String, int[]> tally = new TreeMap<>();

    @BeforeAll
    static void load() throws Exception {
        Path sample = dir.resolve("sample");
        Fixtures.copyDirectory(Path.of("../src/sample"), sample);
        harnesses.put("sample", new ToolHarness(sample));
        for (String p : List.of("production", "arboretum", "fleet")) {
            Path target = dir.resolve(p);
            Fixtures.copyResource("/checksql/" + p, target);
            harnesses.put(p, new ToolHarness(target));
        }
    }

    static List<Path> files() throws Exception {
        URL url = DialectCorpusTest.class.getClassLoader().getResource(DIR);
        assertNotNull(url, DIR);
        try (Stream<Path> s = Files.list(Path.of(url.toURI()))) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> allCases() throws Exception {
        List<Map<String, Object>> all = new ArrayList<>();
        for (Path f : files()) {
            Map<String, Object> doc;
            try (InputStream in = Files.newInputStream(f)) {
                doc = new Yaml().load(in);
            }
            Map<String, Object> prints = (Map<String, Object>) doc.getOrDefault("prints", Map.of());
            for (Map<String, Object> c : (List<Map<String, Object>>) doc.get("cases")) {
                Map<String, Object> k = new LinkedHashMap<>(c);
                k.put("file", f.getFileName().toString());
                String print = (String) c.get("print");
                Object now = c.get("now");
                if (now == null && prints.get(print) instanceof Map<?, ?> m) {
                    now = m.get("now");
                }
                k.put("now", String.valueOf(now != null ? now : DEFAULT_NOW.get(print)));
                all.add(k);
            }
        }
        return all;
    }

    static Stream<Arguments> cases() throws Exception {
        return allCases().stream().map(c -> Arguments.of(c.get("file") + " " + c.get("id"), c));
    }

    static int[] row(String dialect) {
        return tally.computeIfAbsent(dialect, d -> new int[8]);
    }

    @SuppressWarnings("unchecked")
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void statementGivesExactlyItsFindings(String name, Map<String, Object> c) {
        String id = name;
        String print = (String) c.get("print");
        ToolHarness harness = harnesses.get(print);
        assertNotNull(harness, id + ": no print " + print);
        boolean correct = Boolean.TRUE.equals(c.get("correct"));
        String dialect = String.valueOf(c.get("dialect"));
        CorpusFindings.Expected want = CorpusFindings.Expected.of(c);
        List<String> expected = want.lines();
        int[] t = row(dialect);
        t[0] += statements(c);
        int expectedFaults = 0;
        for (String e : expected) {
            if (!isAllowedNote(e)) {
                expectedFaults++;
            }
        }
        if (correct) {
            t[2]++;
        } else {
            t[4]++;
            t[5] += expectedFaults;
        }

        CheckSqlTool tool = harness.checkSql((String) c.get("now"));
        ObjectNode args = ToolHarness.MAPPER.createObjectNode().put("sql", (String) c.get("sql")).put("format", "json")
                .put("dialect", dialect);
        ToolResult r;
        try {
            r = harness.call(tool, args.toString());
        } catch (RuntimeException | Error e) {
            if (correct) {
                t[3]++;
            }
            throw e;
        }
        if (r.isError()) {
            if (correct) {
                t[3]++;
            }
            assertFalse(true, id + ": the call failed: " + r.text());
        }
        CorpusFindings.Given given = CorpusFindings.Given.of(ToolHarness.parse(r.text()));
        List<String> actual = given.lines();
        List<String> texts = given.texts();
        t[1] += given.read();
        if (expected.stream().noneMatch(e -> e.replaceFirst("^#\\d+ ", "").startsWith("note not_a_query "))) {
            // asserted only where the case lists one: whether DML or CREATE ... AS draws it is the checker's choice
            for (int i = actual.size() - 1; i >= 0; i--) {
                if (actual.get(i).replaceFirst("^#\\d+ ", "").startsWith("note not_a_query ")) {
                    actual.remove(i);
                    texts.remove(i);
                }
            }
        }
        if (correct) {
            boolean wrong = actual.stream().anyMatch(a -> !isAllowedNote(a));
            if (wrong) {
                t[3]++;
            }
        } else {
            List<String> left = new ArrayList<>(actual);
            int found = 0;
            for (String e : expected) {
                if (!isAllowedNote(e) && left.remove(e)) {
                    found++;
                }
            }
            t[6] += found;
            if (expected.equals(actual)) {
                t[7]++;
            }
        }
        if (c.containsKey("known_gap")) {
            // a fault the checker is known not to find (the case says why): it must still say nothing wrong
            assertTrue(expected.stream().anyMatch(e -> !actual.contains(e)), id + ": found now; drop its known_gap");
            assertTrue(actual.stream().allMatch(a -> expected.contains(a) || isAllowedNote(a)),
                    id + " (known gap) gave a finding it does not expect: " + actual + " (texts: " + texts + ")");
            return;
        }
        want.assertGiven(given, id);
    }

    static boolean isAllowedNote(String finding) {
        String f = finding.replaceFirst("^#\\d+ ", "");
        for (String k : NOTES_ALLOWED_ON_CORRECT) {
            if (f.startsWith("note " + k + " ")) {
                return true;
            }
        }
        return false;
    }

    /** The corpus itself: every case marked, every correct one free of planted findings, ids unique, sizes met. */
    @SuppressWarnings("unchecked")
    @Test
    void theCorpusIsWellFormed() throws Exception {
        Set<String> ids = new HashSet<>();
        Map<String, Integer> correctPerDialect = new HashMap<>();
        int statements = 0;
        int faults = 0;
        for (Map<String, Object> c : allCases()) {
            String id = c.get("file") + " " + c.get("id");
            assertTrue(ids.add(id), "duplicate id " + id);
            assertTrue(c.get("correct") instanceof Boolean, id + ": mark it correct: true or false");
            assertTrue(DIALECTS.contains(String.valueOf(c.get("dialect"))), id + ": dialect " + c.get("dialect"));
            assertTrue(DEFAULT_NOW.containsKey(String.valueOf(c.get("print"))), id + ": print " + c.get("print"));
            List<Object> findings = (List<Object>) c.getOrDefault("findings", List.of());
            if ((Boolean) c.get("correct")) {
                for (Object f : findings) {
                    assertTrue(isAllowedNote(String.valueOf(f)), id + ": a correct case expects " + f);
                }
                correctPerDialect.merge(String.valueOf(c.get("dialect")), 1, Integer::sum);
            } else {
                assertFalse(findings.stream().allMatch(f -> isAllowedNote(String.valueOf(f))),
                        id + ": a fault case finds nothing");
                faults++;
            }
            statements += statements(c);
        }
        for (String d : DIALECTS) {
            assertTrue(correctPerDialect.getOrDefault(d, 0) >= 30, d + ": correct cases " + correctPerDialect.get(d));
        }
        assertTrue(faults >= 160, "fault cases: " + faults);
        assertTrue(statements >= 400, "statements: " + statements);
    }

    /** Every finding kind of the plan for issue 41, old and new, is planted somewhere in these files. */
    @Test
    void everyFindingKindIsPlanted() throws Exception {
        StringBuilder all = new StringBuilder();
        for (Map<String, Object> c : allCases()) {
            all.append(c.get("findings"));
        }
        for (String kind : List.of("unknown_table", "ambiguous_table", "unprofiled_table", "unknown_column", "ambiguous_column",
                "unknown_qualifier", "value_not_stored", "value_spellings", "pattern_matches_nothing", "type_mismatch",
                "null_comparison", "always_null", "join_not_in_print", "join_rejected", "join_partial", "sensitive_column",
                "stale_statistics", "not_a_query", "redacted_value", "fan_out", "not_in_nullable",
                "missing_join_predicate", "ungrouped_column", "set_operation_columns", "limit_without_order",
                "duplicate_alias", "position_out_of_range", "alias_in_where")) {
            assertTrue(all.indexOf(" " + kind + " ") >= 0, "no case plants " + kind);
        }
    }

    @AfterAll
    static void table() throws Exception {
        StringBuilder out = new StringBuilder();
        out.append("check_sql dialect corpus (checksql/dialects), this run:\n");
        out.append(String.format("%-11s %10s %6s %8s %12s %7s %8s %7s %11s%n", "dialect", "statements", "read",
                "correct", "false_error", "faults", "planted", "found", "fault_exact"));
        int[] sum = new int[8];
        for (Map.Entry<String, int[]> e : tally.entrySet()) {
            int[] t = e.getValue();
            out.append(String.format("%-11s %10d %6d %8d %12d %7d %8d %7d %11d%n", e.getKey(), t[0], t[1], t[2], t[3],
                    t[4], t[5], t[6], t[7]));
            for (int i = 0; i < 8; i++) {
                sum[i] += t[i];
            }
        }
        out.append(String.format("%-11s %10d %6d %8d %12d %7d %8d %7d %11d%n", "total", sum[0], sum[1], sum[2], sum[3],
                sum[4], sum[5], sum[6], sum[7]));
        out.append("(false_error: correct cases given an error, warning, other note or no reading; planted: expected\n"
                + " findings of the fault cases other than stale/not_a_query notes; found: of those, given exactly;\n"
                + " fault_exact: fault cases whose whole reply matched)\n");
        System.out.print(out);
        if (!tally.isEmpty()) {
            for (String d : DIALECTS) {
                assertTrue(tally.containsKey(d) && tally.get(d)[2] >= 30, d + ": fewer than 30 correct cases ran");
            }
            assertTrue(sum[0] >= 400, "statements: " + sum[0]);
        }
    }

    static int statements(Map<String, Object> c) {
        return c.get("statements") instanceof Integer n ? n : StatementSplitterCount.count((String) c.get("sql"));
    }

    /** Statements in a case's sql as the corpus counts them: semicolon-separated pieces holding any word. */
    static final class StatementSplitterCount {

        static int count(String sql) {
            int n = 0;
            for (String piece : sql.split(";")) {
                String s = piece.replaceAll("(?m)--.*$", "").strip();
                if (!s.isEmpty()) {
                    n++;
                }
            }
            return Math.max(n, 1);
        }
    }
}
