package dev.dbprint.mcp.tool;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import dev.dbprint.mcp.print.CacheSizes;
import dev.dbprint.mcp.print.Fixtures;

/**
 * Not a timed test: prints medians for search_columns over a synthetic 500,000-column print (5,000 tables × 100 columns,
 * written deterministically into a temp directory), cold (empty cache) and warm, and for resolve_value's nearest match on
 * a 30-value list. Run with
 * {@code ./mvnw -B -pl runtime test -Dtest=SearchBenchmark -Ddbprint.bench=true}.
 */
@EnabledIfSystemProperty(named = "dbprint.bench", matches = "true")
class SearchBenchmark {

    private static final int TABLES = 5_000;
    private static final int COLUMNS = 100;

    @Test
    void searchAndResolve() throws Exception {
        Path dir = Files.createTempDirectory("dbprint-bench");
        long t0 = System.nanoTime();
        Path project = LargePrint.write(dir.resolve("big"), TABLES, COLUMNS, 10);
        System.out.printf("generated %,d columns in %d ms%n", TABLES * COLUMNS, (System.nanoTime() - t0) / 1_000_000);
        ToolHarness h = new ToolHarness(project);
        SearchColumnsTool search = new SearchColumnsTool(h.store, h.paging, CacheSizes.defaultSearchCacheBytes());

        String[] calls = {"{\"text\": \"ledger\"}", "{\"pattern\": \"email_*\"}", "{\"pattern\": \"*\"}",
                "{\"sensitivity\": \"*\", \"classification\": \"text\"}"};
        for (int i = 0; i < calls.length; i++) {
            String args = calls[i];
            Supplier<ToolResult> call = () -> h.call(search, args);
            // cold (every file parsed again) for the two searches the target names; the others warm only
            double[] cold = i < 2 ? median(3, () -> h.store.clear(), call) : new double[]{Double.NaN, Double.NaN};
            double[] warm = median(21, () -> {
            }, call);
            ToolResult r = call.get();
            String total = r.text().substring(r.text().lastIndexOf("\"total\"")).replaceAll("\\s+", " ");
            total = total.substring(0, total.indexOf(',') < 0 ? total.indexOf('}') : total.indexOf(','));
            System.out.printf("search_columns %-58s cold %8.1f ms (cpu %8.1f)   warm %6.1f ms (cpu %6.1f)   %s%n", args,
                    cold[0], cold[1], warm[0], warm[1], total);
        }

        Path small = Fixtures.copyResource("/fixtures/search", dir.resolve("small"));
        ToolHarness s = new ToolHarness(small);
        ResolveValueTool resolve = new ResolveValueTool(s.store, s.paging);
        String args = "{\"table\": \"geo.customer\", \"column\": \"country_name\", \"text\": \"germny\"}";
        double[] cold = median(5, () -> s.store.clear(), () -> s.call(resolve, args));
        double[] warm = median(2_000, () -> {
        }, () -> s.call(resolve, args));
        System.out.printf("resolve_value nearest on a 30-value list (germny) cold %7.3f ms (cpu %7.3f)   warm %6.3f ms"
                + " (cpu %6.3f)%n", cold[0], cold[1], warm[0], warm[1]);
    }

    /**
     * Medians in ms of {@code runs} calls, each after {@code before} (one untimed call first): wall time, and the
     * calling thread's CPU time, which a machine shared with other builds inflates far less than the wall clock.
     */
    private static double[] median(int runs, Runnable before, Supplier<ToolResult> call) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        before.run();
        check(call.get());
        List<Double> wall = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            before.run();
            long c = threads.getCurrentThreadCpuTime();
            long t = System.nanoTime();
            check(call.get());
            wall.add((System.nanoTime() - t) / 1e6);
            cpu.add((threads.getCurrentThreadCpuTime() - c) / 1e6);
        }
        wall.sort(Comparator.naturalOrder());
        cpu.sort(Comparator.naturalOrder());
        return new double[]{wall.get(runs / 2), cpu.get(runs / 2)};
    }

    private static void check(ToolResult r) {
        if (r.isError()) {
            throw new AssertionError(r.text());
        }
    }
}
