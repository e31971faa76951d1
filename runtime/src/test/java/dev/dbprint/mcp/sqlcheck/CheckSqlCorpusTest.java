package dev.dbprint.mcp.sqlcheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.Yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.print.Fixtures;
import dev.dbprint.mcp.tool.CheckSqlTool;
import dev.dbprint.mcp.tool.ToolHarness;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * check_sql against the statement corpus in {@code checksql/corpus.yaml}: every statement over the bundled sample print
 * and over a copy of the example production print, with the exact findings each must give — severity, kind, line and
 * column, in reply order, plus the words of the message or fix that carry the fact — and no finding on a correct one.
 */
class CheckSqlCorpusTest {

    @TempDir
    static Path dir;
    static Map<String, Object> corpus;
    static Map<String, ToolHarness> harnesses = new HashMap<>();
    static int checked;

    @SuppressWarnings("unchecked")
    @BeforeAll
    static void load() throws Exception {
        try (InputStream in = CheckSqlCorpusTest.class.getResourceAsStream("/checksql/corpus.yaml")) {
            corpus = new Yaml().load(in);
        }
        Path sample = dir.resolve("sample");
        Fixtures.copyDirectory(Path.of("../src/sample"), sample);
        harnesses.put("sample", new ToolHarness(sample));
        Path production = dir.resolve("production");
        Fixtures.copyResource("/checksql/production", production);
        harnesses.put("production", new ToolHarness(production));
    }

    @AfterAll
    static void everyCaseRan() {
        assertTrue(checked >= 60, "statements checked: " + checked);
    }

    @SuppressWarnings("unchecked")
    static Stream<Map<String, Object>> cases() throws Exception {
        try (InputStream in = CheckSqlCorpusTest.class.getResourceAsStream("/checksql/corpus.yaml")) {
            Map<String, Object> c = new Yaml().load(in);
            return ((List<Map<String, Object>>) c.get("cases")).stream();
        }
    }

    @SuppressWarnings("unchecked")
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void corpusStatementGivesExactlyItsFindings(Map<String, Object> c) {
        String print = (String) c.get("print");
        Map<String, Object> prints = (Map<String, Object>) corpus.get("prints");
        String now = String.valueOf(c.getOrDefault("now", ((Map<String, Object>) prints.get(print)).get("now")));
        ToolHarness harness = harnesses.get(print);
        CheckSqlTool tool = harness.checkSql(now);
        ObjectNode args = ToolHarness.MAPPER.createObjectNode().put("sql", (String) c.get("sql")).put("format", "json");
        if (c.containsKey("dialect")) {
            args.put("dialect", (String) c.get("dialect"));
        }
        ToolResult r = harness.call(tool, args.toString());
        String id = String.valueOf(c.get("id"));
        if (c.containsKey("error")) {
            assertTrue(r.isError(), id + ": " + r.text());
            assertEquals(c.get("error"), r.text(), id);
            checked++;
            return;
        }
        assertFalse(r.isError(), id + ": " + r.text());
        JsonNode reply = ToolHarness.parse(r.text());
        checked += reply.get("results").size();
        CorpusFindings.Expected.of(c).assertGiven(CorpusFindings.Given.of(reply), id);
    }

    @Test
    void theCorpusHoldsEveryKindOfFinding() throws Exception {
        StringBuilder all = new StringBuilder();
        cases().forEach(c -> all.append(c.get("findings")));
        // the per-dialect corpus (DialectCorpusTest) plants the kinds this file has no case for
        DialectCorpusTest.allCases().forEach(c -> all.append(c.get("findings")));
        for (Finding.Kind k : Finding.Kind.values()) {
            if (k == Finding.Kind.AMBIGUOUS_TABLE) {
                continue; // neither print holds one table name in two schemas: CheckSqlToolTest plants one
            }
            assertTrue(all.indexOf(" " + k.wire() + " ") >= 0, "no corpus case finds " + k.wire());
        }
    }
}
