package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.dbprint.mcp.tool.GetTableContextTool;
import dev.dbprint.mcp.tool.call.ToolRegistry;

/**
 * Warm get_table_context in-process on the synthetic print's wide table, md and json, both purposes: median and p99,
 * and the parses each warm call costs (0 when nothing is read again). Arguments: {@code --wide W} (300),
 * {@code --runs R} (200), {@code --dir PATH} (a fresh temporary directory).
 */
public final class ContextBench {

    private ContextBench() {
    }

    public static void main(String[] args) throws IOException {
        Args a = new Args(args);
        int runs = a.integer("--runs", 200);
        Path project = a.path("--dir").orElse(Files.createTempDirectory("dbprint-bench"));
        new SyntheticPrint(project, 100, 10, a.integer("--wide", 300)).write();
        InProcess server = new InProcess(project);
        ToolRegistry.Tool tool = InProcess.tool("get_table_context",
                new GetTableContextTool(server.store, server.paging)::call);
        for (String purpose : List.of("profile", "query")) {
            for (String format : List.of("md", "json")) {
                String call = "{\"table\":\"wide.events\",\"purpose\":\"" + purpose + "\",\"format\":\"" + format + "\"}";
                for (int i = 0; i < 50; i++) {
                    server.call(tool, call);
                }
                double[] ms = new double[runs];
                long parsesBefore = server.store.counters().parses();
                for (int i = 0; i < runs; i++) {
                    long t = System.nanoTime();
                    server.call(tool, call);
                    ms[i] = (System.nanoTime() - t) / 1e6;
                }
                long parses = server.store.counters().parses() - parsesBefore;
                Stats s = new Stats(ms);
                System.out.printf("get_table_context wide %s/%s: median %.2f ms, p99 %.2f ms, parses/warm call %.2f%n",
                        purpose, format, s.median(), s.percentile(99), parses / (double) runs);
            }
        }
    }
}
