package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.tool.ResolveValueTool;
import dev.dbprint.mcp.tool.SearchColumnsTool;
import dev.dbprint.mcp.tool.call.ToolRegistry;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * search_columns in-process over a synthetic print (5,000 tables × 100 columns: 500,000 columns), cold (empty store)
 * and warm, and resolve_value's nearest match for a misspelt status. Medians of wall and calling-thread CPU time: a
 * machine shared with other builds inflates the CPU figure far less than the wall clock. Arguments:
 * {@code --tables N} (5000), {@code --columns M} (100), {@code --dir PATH} (a fresh temporary directory).
 */
public final class SearchBench {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private SearchBench() {
    }

    public static void main(String[] args) throws IOException {
        Args a = new Args(args);
        int tables = a.integer("--tables", 5_000), columns = a.integer("--columns", 100);
        Path project = a.path("--dir").orElse(Files.createTempDirectory("dbprint-bench"));
        long t0 = System.nanoTime();
        new SyntheticPrint(project, tables, columns, 0).write();
        System.out.printf("generated %,d columns in %d ms%n", tables * columns, (System.nanoTime() - t0) / 1_000_000);
        InProcess server = new InProcess(project);

        ToolRegistry.Tool search = InProcess.tool("search_columns",
                new SearchColumnsTool(server.store, server.paging, CacheSizes.defaultSearchCacheBytes())::call);
        String[] calls = {"{\"text\": \"lifecycle\"}", "{\"pattern\": \"c00*_status\"}", "{\"pattern\": \"*\"}",
                "{\"classification\": \"categorical\"}"};
        for (int i = 0; i < calls.length; i++) {
            String json = calls[i];
            Supplier<ToolResult> call = () -> server.call(search, json);
            // cold (every file parsed again) for the first two searches; the others warm only
            double[] cold = i < 2 ? median(3, server.store::clear, call) : new double[]{Double.NaN, Double.NaN};
            double[] warm = median(21, () -> {
            }, call);
            System.out.printf("search_columns %-40s cold %8.1f ms (cpu %8.1f)   warm %6.1f ms (cpu %6.1f)%n", json,
                    cold[0], cold[1], warm[0], warm[1]);
        }

        ToolRegistry.Tool resolve = InProcess.tool("resolve_value", new ResolveValueTool(server.store, server.paging)::call);
        String json = "{\"table\": \"" + SyntheticPrint.fqn(1)
                + "\", \"column\": \"c001_status\", \"text\": \"on hld\"}";
        double[] cold = median(5, server.store::clear, () -> server.call(resolve, json));
        double[] warm = median(2_000, () -> {
        }, () -> server.call(resolve, json));
        System.out.printf("resolve_value nearest (on hld) cold %7.3f ms (cpu %7.3f)   warm %6.3f ms (cpu %6.3f)%n",
                cold[0], cold[1], warm[0], warm[1]);
    }

    /** Medians in ms of wall and CPU time over {@code runs} calls, each after {@code before} (one untimed call first). */
    private static double[] median(int runs, Runnable before, Supplier<ToolResult> call) {
        before.run();
        call.get();
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        for (int i = 0; i < runs; i++) {
            before.run();
            long c = THREADS.getCurrentThreadCpuTime();
            long t = System.nanoTime();
            call.get();
            wall[i] = (System.nanoTime() - t) / 1e6;
            cpu[i] = (THREADS.getCurrentThreadCpuTime() - c) / 1e6;
        }
        return new double[]{Stats.median(wall), Stats.median(cpu)};
    }
}
