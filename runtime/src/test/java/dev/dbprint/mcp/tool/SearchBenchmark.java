package dev.dbprint.mcp.tool;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

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
        SearchColumnsTool search = new SearchColumnsTool(h.store, h.paging);

        String[] calls = {"{\"text\": \"ledger\"}", "{\"pattern\": \"email_*\"}", "{\"pattern\": \"*\"}",
                "{\"sensitivity\": \"*\", \"classification\": \"text\"}"};
        for (int i = 0; i < calls.length; i++) {
            String args = calls[i];
            Supplier<ToolResult> call = () -> h.call(search, args);
            // cold (every file parsed again) for the two searches the target names; the others warm only
            double cold = i < 2 ? median(3, () -> h.store.clear(), call) : Double.NaN;
            double warm = median(21, () -> {
            }, call);
            ToolResult r = call.get();
            String total = r.text().substring(r.text().lastIndexOf("\"total\""));
            System.out.printf("search_columns %-50s cold %8.1f ms   warm %7.1f ms   (%s)%n", args, cold, warm,
                    total.replaceAll("\\s+", " ").substring(0, Math.min(total.length(), 20)));
        }

        Path small = Fixtures.copyResource("/fixtures/search", dir.resolve("small"));
        ToolHarness s = new ToolHarness(small);
        ResolveValueTool resolve = new ResolveValueTool(s.store, s.paging);
        String args = "{\"table\": \"geo.customer\", \"column\": \"country_name\", \"text\": \"germny\"}";
        double cold = median(5, () -> s.store.clear(), () -> s.call(resolve, args));
        double warm = median(2_000, () -> {
        }, () -> s.call(resolve, args));
        System.out.printf("resolve_value nearest on a 30-value list          cold %8.3f ms   warm %7.3f ms%n", cold, warm);
    }

    /** Median wall time in ms of {@code runs} calls, each after {@code before}; one untimed call first. */
    private static double median(int runs, Runnable before, Supplier<ToolResult> call) {
        before.run();
        check(call.get());
        List<Double> times = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            before.run();
            long t = System.nanoTime();
            check(call.get());
            times.add((System.nanoTime() - t) / 1e6);
        }
        times.sort(Comparator.naturalOrder());
        return times.get(times.size() / 2);
    }

    private static void check(ToolResult r) {
        if (r.isError()) {
            throw new AssertionError(r.text());
        }
    }
}
