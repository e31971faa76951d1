package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.tool.GetManifestTool;
import dev.dbprint.mcp.tool.ListTablesTool;
import dev.dbprint.mcp.tool.call.ToolRegistry;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * Times the index tools in-process over a synthetic print, the way the server runs them (schema check, connection,
 * body, paging), and prints the figures. Arguments: {@code --tables N} (10000), {@code --columns M} (10),
 * {@code --wide W} (0: no wide table), {@code --dir PATH} (a fresh temporary directory), {@code --runs R} (50).
 */
public final class IndexToolsBench {

    private final InProcess server;
    private final PrintStore store;

    private IndexToolsBench(Path project) {
        server = new InProcess(project);
        store = server.store;
    }

    public static void main(String[] args) throws IOException {
        Args a = new Args(args);
        int tables = a.integer("--tables", 10_000);
        int columns = a.integer("--columns", 10);
        int wide = a.integer("--wide", 0);
        int runs = a.integer("--runs", 50);
        Path project = a.path("--dir").orElse(Files.createTempDirectory("dbprint-bench"));

        long t0 = System.nanoTime();
        new SyntheticPrint(project, tables, columns, wide).write();
        System.out.printf("generated %d tables x %d columns%s in %.1f s at %s%n", tables, columns,
                wide > 0 ? " + one of " + wide : "", (System.nanoTime() - t0) / 1e9, project);
        System.out.printf("manifest.yaml: %.1f MB%n",
                Files.size(project.resolve("prints").resolve(SyntheticPrint.CONNECTION).resolve("manifest.yaml")) / 1e6);

        IndexToolsBench bench = new IndexToolsBench(project);
        long heapBefore = InProcess.usedHeap();
        bench.run(runs);
        System.out.printf("heap after load (manifest cached): %.1f MB used, %.1f MB above the empty store%n",
                InProcess.usedHeap() / 1e6, (InProcess.usedHeap() - heapBefore) / 1e6);
    }

    private void run(int runs) {
        ToolRegistry.Tool list = InProcess.tool("list_tables", new ListTablesTool(store, server.paging)::call);
        String detail = "{\"detail\": true}";

        long parses = store.counters().parses();
        long t = System.nanoTime();
        int pages = server.allPages(list, detail);
        System.out.printf("cold list_tables detail:true, all %d pages: %.1f ms (%d parses)%n", pages,
                (System.nanoTime() - t) / 1e6, store.counters().parses() - parses);

        for (int i = 0; i < 3; i++) {
            server.allPages(list, detail); // JIT warm-up
        }
        double[] all = new double[Math.max(5, runs / 10)];
        parses = store.counters().parses();
        for (int i = 0; i < all.length; i++) {
            t = System.nanoTime();
            server.allPages(list, detail);
            all[i] = (System.nanoTime() - t) / 1e6;
        }
        System.out.printf("warm list_tables detail:true, all pages: median %.1f ms over %d runs (%d parses)%n",
                Stats.median(all), all.length, store.counters().parses() - parses);

        report("warm list_tables detail:true, first page", runs, () -> server.call(list, detail));
        report("warm list_tables names, first page", runs, () -> server.call(list, "{}"));
        ToolRegistry.Tool manifest = InProcess.tool("get_manifest", new GetManifestTool(store, server.paging)::call);
        report("warm get_manifest, first page", runs, () -> server.call(manifest, "{}"));
        ToolResult first = server.call(list, detail);
        System.out.printf("first page: %d characters, %d tables%n", first.text().length(),
                ((List<?>) ((java.util.Map<?, ?>) JsonText.parse(first.text())).get("tables")).size());
    }

    private void report(String what, int runs, Runnable call) {
        for (int i = 0; i < 20; i++) {
            call.run();
        }
        double[] ms = new double[runs];
        long parses = store.counters().parses();
        for (int i = 0; i < runs; i++) {
            long t = System.nanoTime();
            call.run();
            ms[i] = (System.nanoTime() - t) / 1e6;
        }
        long warmParses = store.counters().parses() - parses;
        Arrays.sort(ms);
        System.out.printf("%s: median %.2f ms, p90 %.2f ms over %d calls (%d parses, %.2f per call)%n", what,
                Stats.median(ms), ms[(int) (runs * 0.9)], runs, warmParses, (double) warmParses / runs);
    }
}
