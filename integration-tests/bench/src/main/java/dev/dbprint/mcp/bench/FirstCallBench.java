package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.bench.RealPrintReplicator.Replica;

/**
 * The first call of each kind in a fresh server process on a large print of real dbprint output (issue 42): each row is
 * one call made alone, right after {@code initialize}, in a process of its own, so no row profits from another's reads.
 * Each is run through the launcher {@code integration-tests/target/dbprint-mcp} and through {@code java -jar} of the
 * runner jar with no JVM option at all, each never indexed (an empty {@code XDG_CACHE_HOME} per process) and indexed
 * (one that a priming process filled: a search and a check_sql, then a clean exit, which writes the index). Beside each
 * process's call, its peak RSS ({@code VmHWM}). Prints a Markdown table of medians with each row's target.
 * <p>
 * Arguments (defaults in brackets): {@code --tables} [7000], {@code --runs} [3], {@code --source}, {@code --schema},
 * {@code --dir}, {@code --launcher} as for {@link LargePrintBench}; {@code --jar} [the runner jar beside the launcher];
 * {@code --commands} [launcher,jar]; {@code --states} [never,indexed]: which index states to run; {@code --settle} [0]:
 * milliseconds to wait after {@code initialize} before the call, so the read-ahead it starts is done. Beside each
 * call's time, the CPU time the process spent across it ({@link ProcessCpu}): on a shared machine the figure to compare
 * two builds by.
 */
public final class FirstCallBench {

    /** One kind of first call: its row label, its targets never indexed and indexed (ms, 0: none), and how to make it. */
    private record Probe(String label, double neverTarget, double indexedTarget, Function<Session, Long> nanos) {
    }

    private static final String COMPLETION_TEMPLATE = "dbprint://{connection}/{table}/statistics{?page,version}";

    private final Args args;
    private final Replica print;
    private final Path launcher;
    private final Path jar;

    private FirstCallBench(Args args, Replica print) {
        this.args = args;
        this.print = print;
        this.launcher = args.path("--launcher")
                .orElse(RealPrintReplicator.projectRoot().resolve("integration-tests/target/dbprint-mcp"));
        this.jar = args.path("--jar").orElseGet(() -> PeerBench.find("integration-tests/target", "dbprint-mcp-",
                "-runner.jar"));
        if (!Files.isExecutable(launcher)) {
            throw new IllegalStateException("no launcher " + launcher + ": build it first (./mvnw package -DskipTests)");
        }
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        Replica print = RealPrintReplicator.kept(args, 7_000);
        FirstCallBench bench = new FirstCallBench(args, print);
        List<String> commands = List.of(args.string("--commands", "launcher,jar").split(","));
        int runs = args.integer("--runs", 3);
        List<Probe> probes = bench.probes();
        List<String> states = List.of(args.string("--states", "never,indexed").split(","));
        // [command][probe][0 never indexed, 1 indexed][run]: ms, then peak RSS bytes, then CPU ms
        double[][][][] ms = new double[commands.size()][probes.size()][2][runs];
        double[][][][] rss = new double[commands.size()][probes.size()][2][runs];
        double[][][][] cpu = new double[commands.size()][probes.size()][2][runs];
        for (int c = 0; c < commands.size(); c++) {
            for (int run = 0; run < runs; run++) {
                Path indexed = Files.createTempDirectory("dbprint-first-call-index");
                try {
                    bench.prime(commands.get(c), indexed);
                    for (int p = 0; p < probes.size(); p++) {
                        for (int state = 0; state < 2; state++) {
                            if (!states.contains(state == 0 ? "never" : "indexed")) {
                                ms[c][p][state][run] = Double.NaN;
                                continue;
                            }
                            Path cache = state == 1 ? indexed : Files.createTempDirectory("dbprint-first-call-none");
                            try {
                                double[] figures = bench.session(commands.get(c), cache, probes.get(p));
                                ms[c][p][state][run] = figures[0];
                                rss[c][p][state][run] = figures[1];
                                cpu[c][p][state][run] = figures[2];
                                System.out.printf("%s, run %d/%d, %s, %s: %s, CPU %s, peak RSS %d MB%n",
                                        commands.get(c), run + 1, runs, probes.get(p).label(),
                                        state == 0 ? "never indexed" : "indexed", LargePrintBench.time(figures[0]),
                                        LargePrintBench.time(figures[2]), Math.round(figures[1] / 1e6));
                            } catch (RuntimeException e) { // a failed call counts in no median, and says why
                                ms[c][p][state][run] = Double.NaN;
                                rss[c][p][state][run] = Double.NaN;
                                System.out.printf("%s, run %d/%d, %s, %s: FAILED %s%n", commands.get(c), run + 1, runs,
                                        probes.get(p).label(), state == 0 ? "never indexed" : "indexed",
                                        e.getMessage().lines().filter(l -> l.contains("Not checked")).findFirst()
                                                .orElse(e.getMessage().lines().findFirst().orElse("")));
                            } finally {
                                if (state == 0) {
                                    RealPrintReplicator.delete(cache);
                                }
                            }
                        }
                    }
                } finally {
                    RealPrintReplicator.delete(indexed);
                }
            }
        }
        System.out.printf("%n%,d tables (%s), %s, %d CPUs, load average %.1f after the runs; medians of %d runs, each "
                + "call the first of a fresh process after initialize%n%n", print.tables(), print.project(),
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), runs);
        StringBuilder head = new StringBuilder("| first call |");
        StringBuilder rule = new StringBuilder("|---|");
        for (String command : commands) {
            head.append(' ').append(name(command)).append(", never indexed | ").append(name(command))
                    .append(", indexed |");
            rule.append("---|---|");
        }
        System.out.println(head.append(" target: never indexed / indexed |"));
        System.out.println(rule.append("---|"));
        for (int p = 0; p < probes.size(); p++) {
            StringBuilder line = new StringBuilder("| " + probes.get(p).label() + " |");
            for (int c = 0; c < commands.size(); c++) {
                for (int state = 0; state < 2; state++) {
                    line.append(' ').append(states.contains(state == 0 ? "never" : "indexed")
                            ? cell(ms[c][p][state], rss[c][p][state], cpu[c][p][state])
                            : "not run").append(" |");
                }
            }
            System.out.println(line.append(' ').append(target(probes.get(p))).append(" |"));
        }
        System.out.println("\neach cell: the call's time (the CPU time the process spent across it; its peak RSS);"
                + " a failed call is one not answered, or"
                + " answered with an error or a statement check_sql did not finish within its budget");
    }

    /** The median time, CPU time and peak RSS of the runs that answered, and how many did not. */
    private static String cell(double[] ms, double[] rss, double[] cpu) {
        double[] answered = Arrays.stream(ms).filter(v -> !Double.isNaN(v)).toArray();
        String failed = answered.length < ms.length ? (ms.length - answered.length) + " of " + ms.length + " failed" : "";
        if (answered.length == 0) {
            return failed;
        }
        return LargePrintBench.time(Stats.median(answered)) + " (CPU "
                + LargePrintBench.time(Stats.median(Arrays.stream(cpu).filter(v -> !Double.isNaN(v)).toArray())) + "; "
                + Math.round(Stats.median(Arrays.stream(rss).filter(v -> !Double.isNaN(v)).toArray()) / 1e6) + " MB"
                + (failed.isEmpty() ? "" : "; " + failed) + ")";
    }

    private static String name(String command) {
        return command.equals("jar") ? "`java -jar`" : "launcher";
    }

    private static String target(Probe p) {
        return (p.neverTarget() > 0 ? "≤ " + LargePrintBench.time(p.neverTarget()) : "–") + " / "
                + (p.indexedTarget() > 0 ? "≤ " + LargePrintBench.time(p.indexedTarget()) : "–");
    }

    private List<Probe> probes() {
        String s = print.copy(print.copies() / 2);
        String join = "SELECT a.accession_code, t.rank FROM " + s + ".accession a JOIN " + s + ".vault v"
                + " ON v.vault_id = a.vault_id AND v.shelf_code = a.shelf_code JOIN " + s + ".taxon t"
                + " ON t.taxon_id = a.taxon_id";
        return List.of(new Probe("check_sql, a clean 3-table join", 1000, 300, server -> {
            call(server, "check_sql", json().put("sql", join));
            return server.lastNanos;
        }), new Probe("check_sql, an unknown column (its tables-that-have-it search)", 0, 300, server -> {
            String reply = call(server, "check_sql", json().put("sql", "SELECT a.viabilty FROM " + s + ".accession a"));
            if (!reply.contains("viabilty")) {
                throw new IllegalStateException("no unknown-column finding: " + reply);
            }
            return server.lastNanos;
        }), new Probe("completion/complete of a table name", 0, 100, server -> {
            ObjectNode params = json();
            params.putObject("ref").put("type", "ref/resource").put("uri", COMPLETION_TEMPLATE);
            params.putObject("argument").put("name", "table").put("value", s + ".a");
            StdioServer.Reply reply = server.server.timed("completion/complete", params);
            if (reply.json().path("result").path("completion").path("values").isEmpty()) {
                throw new IllegalStateException("no completion: " + reply.line());
            }
            return reply.nanos();
        }), new Probe("search_columns `text: \"email\"`", 2000, 300, server -> {
            call(server, "search_columns", json().put("text", "email"));
            return server.lastNanos;
        }));
    }

    /** A started server and the time of its last tool call. */
    private static final class Session {

        final StdioServer server;
        long lastNanos;

        Session(StdioServer server) {
            this.server = server;
        }
    }

    private static String call(Session session, String tool, ObjectNode arguments) {
        StdioServer.Reply reply = session.server.callTool(tool, arguments);
        session.lastNanos = reply.nanos();
        String text = reply.toolText();
        if (text.contains("\nNot checked: ")) { // check_sql ran out of its budget: no answer to time
            throw new IllegalStateException(text);
        }
        return text;
    }

    /**
     * One fresh process: initialize, {@code --settle}, the probe's call; its time in ms, the process's peak RSS in
     * bytes and the CPU ms the process spent across the call.
     */
    private double[] session(String command, Path cache, Probe probe) throws IOException {
        try (StdioServer server = start(command, cache)) {
            server.initialize();
            settle();
            Session session = new Session(server);
            long cpuBefore = ProcessCpu.nanos(server.pid());
            double ms = probe.nanos().apply(session) / 1e6;
            double cpuMs = (ProcessCpu.nanos(server.pid()) - cpuBefore) / 1e6;
            return new double[]{ms, PeakRss.of(server.pid()), cpuMs};
        }
    }

    private void settle() {
        try {
            Thread.sleep(args.integer("--settle", 0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Fills {@code cache} with the index a session leaves: a search and a check_sql, then a clean exit. */
    private void prime(String command, Path cache) {
        try (StdioServer server = start(command, cache)) {
            server.initialize();
            server.callTool("search_columns", json().put("text", "email")).toolText();
            server.callTool("check_sql", json().put("sql", "SELECT 1 FROM " + print.copy(0) + ".accession"))
                    .toolText();
        }
    }

    private StdioServer start(String command, Path cache) {
        List<String> line = new ArrayList<>();
        if (command.equals("jar")) {
            line.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                    jar.toString()));
        } else if (command.equals("launcher")) {
            line.add(launcher.toString());
        } else {
            throw new IllegalArgumentException("--commands takes launcher and jar, not " + command);
        }
        line.addAll(List.of("--project", print.project().toString()));
        return StdioServer.start(line, print.project(), Map.of("XDG_CACHE_HOME", cache.toString(), "JAVA_HOME",
                System.getProperty("java.home"), "DBPRINT_MCP_JAVA_OPTS", ""));
    }

    private static ObjectNode json() {
        return StdioServer.JSON.createObjectNode();
    }
}
