package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.DbprintYaml;
import dev.dbprint.mcp.config.ProjectLocator;
import dev.dbprint.mcp.config.ServedSet;
import dev.dbprint.mcp.paging.JsonText;
import dev.dbprint.mcp.print.PrintStore;
import dev.dbprint.mcp.tool.GetManifestTool;
import dev.dbprint.mcp.tool.ListTablesTool;
import dev.dbprint.mcp.tool.PagedReplies;
import dev.dbprint.mcp.tool.ToolInvoker;
import dev.dbprint.mcp.tool.ToolRegistry;
import dev.dbprint.mcp.tool.ToolResult;

/**
 * Times the index tools in-process over a synthetic print, the way the server runs them (schema check, connection,
 * body, paging), and prints the figures. Arguments: {@code --tables N} (10000), {@code --columns M} (10),
 * {@code --wide W} (0: no wide table), {@code --dir PATH} (a fresh temporary directory), {@code --runs R} (50).
 */
public final class IndexToolsBench {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Connections connections;
    private PrintStore store = new PrintStore();
    private final PagedReplies paging = new PagedReplies();

    private IndexToolsBench(Path project) {
        connections = new Connections(ServedSet.resolve(
                DbprintYaml.read(ProjectLocator.locate(Optional.of(project.toString()), Path.of(""))), List.of()));
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
        long heapBefore = usedHeap();
        bench.run(runs);
        System.out.printf("heap after load (manifest cached): %.1f MB used, %.1f MB above the empty store%n",
                usedHeap() / 1e6, (usedHeap() - heapBefore) / 1e6);
    }

    private void run(int runs) {
        ListTablesTool list = new ListTablesTool(store, paging);
        String detail = "{\"detail\": true}";

        long parses = store.counters().parses();
        long t = System.nanoTime();
        int pages = allPages(list, detail);
        System.out.printf("cold list_tables detail:true, all %d pages: %.1f ms (%d parses)%n", pages,
                (System.nanoTime() - t) / 1e6, store.counters().parses() - parses);

        for (int i = 0; i < 3; i++) {
            allPages(list, detail); // JIT warm-up
        }
        double[] all = new double[Math.max(5, runs / 10)];
        parses = store.counters().parses();
        for (int i = 0; i < all.length; i++) {
            t = System.nanoTime();
            allPages(list, detail);
            all[i] = (System.nanoTime() - t) / 1e6;
        }
        System.out.printf("warm list_tables detail:true, all pages: median %.1f ms over %d runs (%d parses)%n",
                Stats.median(all), all.length, store.counters().parses() - parses);

        report("warm list_tables detail:true, first page", runs, () -> call(list, detail));
        report("warm list_tables names, first page", runs, () -> call(list, "{}"));
        GetManifestTool manifest = new GetManifestTool(store, paging);
        report("warm get_manifest, first page", runs, () -> call(manifest, "{}"));
        ToolResult first = call(list, detail);
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

    /** Follows next_cursor to the last page; returns the page count. */
    private int allPages(Object tool, String args) {
        int pages = 0;
        String cursor = null;
        do {
            String a = cursor == null ? args : args.substring(0, args.length() - 1) + ", \"cursor\": \"" + cursor + "\"}";
            ToolResult r = call(tool, a);
            pages++;
            cursor = nextCursor(r.text());
        } while (cursor != null);
        return pages;
    }

    /** The page's next_cursor, the last key of a page (read without parsing the page: the bench times the server). */
    private static String nextCursor(String page) {
        int at = page.lastIndexOf("\"next_cursor\": \"");
        if (at < 0) {
            return null;
        }
        int from = at + "\"next_cursor\": \"".length();
        return page.substring(from, page.indexOf('"', from));
    }

    private ToolResult call(Object bean, String argumentsJson) {
        try {
            ToolResult r = ToolInvoker.call(ToolRegistry.Tool.of(bean, MAPPER),
                    (ObjectNode) MAPPER.readTree(argumentsJson), connections);
            if (r.isError()) {
                throw new IllegalStateException(r.text());
            }
            return r;
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
