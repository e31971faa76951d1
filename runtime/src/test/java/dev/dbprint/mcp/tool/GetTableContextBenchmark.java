package dev.dbprint.mcp.tool;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Warm get_table_context on a 300-column table, md and json, both purposes: median and p99 in-process, and the parses
 * each warm call costs (must be 0). Not a timed test: run with {@code -Dbenchmark=true}.
 */
@EnabledIfSystemProperty(named = "benchmark", matches = "true")
class GetTableContextBenchmark {

    @TempDir
    Path dir;

    @Test
    void warm300Columns() throws Exception {
        GetTableContextFixtureTest.dir = dir;
        GetTableContextFixtureTest.fixture();
        ToolHarness h = GetTableContextFixtureTest.h;
        GetTableContextTool tool = GetTableContextFixtureTest.tool;
        for (String purpose : List.of("profile", "query")) {
            for (String format : List.of("md", "json")) {
                String args = "{\"table\":\"rental.wide\",\"purpose\":\"" + purpose + "\",\"format\":\"" + format + "\"}";
                for (int i = 0; i < 50; i++) {
                    h.call(tool, args);
                }
                int n = 200;
                long[] ns = new long[n];
                long parsesBefore = h.store.counters().parses();
                for (int i = 0; i < n; i++) {
                    long t = System.nanoTime();
                    h.call(tool, args);
                    ns[i] = System.nanoTime() - t;
                }
                long parses = h.store.counters().parses() - parsesBefore;
                Arrays.sort(ns);
                System.out.printf("get_table_context wide(300) %s/%s: median %.2f ms, p99 %.2f ms, parses/warm call %.2f%n",
                        purpose, format, ns[n / 2] / 1e6, ns[(int) (n * 0.99)] / 1e6, parses / (double) n);
            }
        }
    }
}
