package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.tool.CheckSqlTool;
import dev.dbprint.mcp.tool.call.ToolRegistry;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * check_sql in-process, warm: the print store holds every file the statements read, and the reply cache is off, so
 * each call reads the statements, resolves every name and checks every predicate again — what a new draft costs. On
 * the bundled sample, and on a print of about 7,000 tables made by {@link RealPrintReplicator} from the project's copy
 * of the example print. Each figure is the median of wall and calling-thread CPU time over {@code --runs} calls (the
 * parser reads on a worker thread, so CPU misses that part; on a shared machine wall time is the honest upper bound).
 * Arguments: {@code --tables N} [7000], {@code --runs R} [200], {@code --dir PATH} [a fresh temporary directory].
 */
public final class CheckSqlBench {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final ObjectMapper JSON = new ObjectMapper();

    private CheckSqlBench() {
    }

    public static void main(String[] argv) throws IOException {
        Args args = new Args(argv);
        int runs = args.integer("--runs", 200);
        Path root = RealPrintReplicator.projectRoot();
        Path work = args.path("--dir").orElse(Files.createTempDirectory("dbprint-checksql-bench"));

        InProcess sample = new InProcess(root.resolve("src/sample"));
        ToolRegistry.Tool onSample = tool(sample);
        System.out.println("check_sql, warm, reply cache off (median of " + runs + " calls)");
        report("sample: a join, two value lists and a range (clean)", runs, () -> call(sample, onSample,
                "SELECT r.ride_id, s.label FROM rental.ride r JOIN rental.station s ON s.station_id = r.start_station_id"
                        + " WHERE r.tariff_id IN (1, 2) AND s.is_active = true AND r.started_at >= '2026-01-01'"));
        report("sample: four statements, eight findings", runs, () -> call(sample, onSample,
                "SELECT email, strated_at FROM rental.customer c JOIN rental.ride r ON r.bike_id = c.customer_id;\n"
                        + "SELECT count(*) FROM rental.customer WHERE country_code = 'Germany' AND membership IN ('gold');\n"
                        + "SELECT name FROM rental.tariff WHERE name LIKE 'Weekly%' AND tariff_id = 'three';\n"
                        + "SELECT * FROM rental.rides WHERE ended_at = NULL"));

        int tables = args.integer("--tables", 7_000);
        RealPrintReplicator replicator = new RealPrintReplicator(
                args.path("--source").orElse(root.resolve("runtime/src/test/resources/checksql/production")),
                "seedbank");
        long t0 = System.nanoTime();
        RealPrintReplicator.Replica replica = replicator.write(work.resolve(tables + "-tables"),
                replicator.copiesFor(tables));
        System.out.printf("%nwrote %,d tables in %.1f s%n", replica.tables(), (System.nanoTime() - t0) / 1e9);
        InProcess large = new InProcess(replica.project());
        ToolRegistry.Tool onLarge = tool(large);
        String s = replica.copy(replica.copies() / 2);
        report(replica.tables() + " tables: a composite join and two value lists (clean)", runs, () -> call(large,
                onLarge, "SELECT a.accession_code, t.rank FROM " + s + ".accession a JOIN " + s + ".vault v"
                        + " ON v.vault_id = a.vault_id AND v.shelf_code = a.shelf_code JOIN " + s + ".taxon t"
                        + " ON t.taxon_id = a.taxon_id WHERE t.rank = 'species' AND a.provenance_country IN ('DE', 'FR')"));
        report(replica.tables() + " tables: misspelt table, unqualified name, unknown column, wrong value", runs,
                () -> call(large, onLarge, "SELECT a.viabilty FROM " + s + ".acession a;\nSELECT count(*) FROM taxon;\n"
                        + "SELECT t.taxon_id FROM " + s + ".taxon t WHERE t.rank = 'Species'"));
    }

    private static ToolRegistry.Tool tool(InProcess server) {
        // reply cache off: a warm call computes its reply; the print store and search indexes stay warm
        return InProcess.tool("check_sql", new CheckSqlTool(server.store, new PagedReplies(0),
                CacheSizes.defaultSearchCacheBytes(), Clock.systemUTC())::call);
    }

    private static ToolResult call(InProcess server, ToolRegistry.Tool tool, String sql) {
        return server.call(tool, JSON.createObjectNode().put("sql", sql).toString());
    }

    private static void report(String label, int runs, Supplier<ToolResult> call) {
        for (int i = 0; i < 20; i++) {
            call.get(); // the first calls read and parse the files, and warm the JIT
        }
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        for (int i = 0; i < runs; i++) {
            long c = THREADS.getCurrentThreadCpuTime();
            long t = System.nanoTime();
            call.get();
            wall[i] = (System.nanoTime() - t) / 1e6;
            cpu[i] = (THREADS.getCurrentThreadCpuTime() - c) / 1e6;
        }
        System.out.printf("%-80s warm %7.2f ms (cpu %7.2f)%n", label, Stats.median(wall), Stats.median(cpu));
    }
}
