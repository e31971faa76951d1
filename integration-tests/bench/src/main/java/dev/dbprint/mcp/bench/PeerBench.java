package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Our packaged server against the official Node MCP filesystem server ({@code @modelcontextprotocol/server-filesystem},
 * pinned in {@code integration-tests/bench/package.json}), in one run, from this one client process:
 * <ol>
 * <li>start-up: process start to the first {@code initialize} reply, both servers, interleaved runs;</li>
 * <li>over stdio, warm: our {@code get_table_context} (md; profile and query; first page and every page) for the wide
 * table and our {@code list_tables} first page, against the peer's {@code read_text_file} of that table's raw
 * {@code statistics.yaml};</li>
 * <li>over Streamable HTTP: closed-loop throughput of N clients on a mix of tool calls, and the server's used heap after
 * a forced GC, the server running under a fixed {@code -Xmx}.</li>
 * </ol>
 * Prints one table. It asserts nothing; the targets are printed beside the figures.
 *
 * <p>
 * Arguments (defaults in brackets): {@code --tables} [10000], {@code --columns} [50], {@code --wide} [300],
 * {@code --runs} warm calls per measurement [200], {@code --startup-runs} [7], {@code --clients} [32], {@code --seconds}
 * measured HTTP period [20], {@code --warmup} seconds [10], {@code --xmx} for the HTTP server [256m], {@code --jar} the
 * runner jar [integration-tests/target/dbprint-mcp-*-runner.jar], {@code --peer} the peer's entry script
 * [integration-tests/bench/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js], {@code --dir} [a fresh temporary
 * directory], {@code --only} some of startup,stdio,http [all], {@code --profile FILE} records a JFR profile of our stdio
 * server.
 */
public final class PeerBench {

    private static final String WIDE = "wide.events";

    private final Args args;
    private final Path project;
    private final Path jar;
    private final Path peer;
    private final List<String> table = new ArrayList<>();

    private PeerBench(Args args, Path project, Path jar, Path peer) {
        this.args = args;
        this.project = project;
        this.jar = jar;
        this.peer = peer;
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        Path jar = args.path("--jar").orElseGet(() -> find("integration-tests/target", "dbprint-mcp-", "-runner.jar"));
        Path peer = args.path("--peer").orElseGet(
                () -> find("integration-tests/bench/node_modules/@modelcontextprotocol/server-filesystem/dist", "index",
                        ".js"));
        Path project = Files.createDirectories(args.path("--dir").orElse(Files.createTempDirectory("dbprint-peer-bench")))
                .toRealPath();
        int tables = args.integer("--tables", 10_000), columns = args.integer("--columns", 50);
        int wide = args.integer("--wide", 300);
        long t0 = System.nanoTime();
        new SyntheticPrint(project, tables, columns, wide).write();
        System.out.printf("generated %d tables x %d columns + one of %d in %.0f s at %s%n", tables, columns, wide,
                (System.nanoTime() - t0) / 1e9, project);
        System.out.printf("ours: %s on %s (%s); peer: node %s%n", jar, System.getProperty("java.version"),
                System.getProperty("java.home"), peer);
        System.out.printf("%d CPUs, load average %.1f%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());

        PeerBench bench = new PeerBench(args, project, jar, peer);
        String only = args.string("--only", "startup,stdio,http");
        bench.header();
        if (only.contains("startup")) {
            bench.startup();
        }
        if (only.contains("stdio")) {
            bench.stdio();
        }
        if (only.contains("http")) {
            bench.http();
        }
        System.out.println();
        bench.table.forEach(System.out::println);
    }

    // ---------------------------------------------------------------- start-up

    private void startup() {
        int runs = args.integer("--startup-runs", 7);
        double[] ours = new double[runs], plain = new double[runs], theirs = new double[runs];
        startOnce(stdioCommand(List.of())); // page cache and JIT of this process; not counted
        startOnce(ourCommand(List.of()));
        startOnce(peerCommand());
        for (int i = 0; i < runs; i++) { // interleaved, so a noisy neighbour hurts all alike
            ours[i] = startOnce(stdioCommand(List.of()));
            plain[i] = startOnce(ourCommand(List.of()));
            theirs[i] = startOnce(peerCommand());
        }
        row("start-up to first initialize reply (" + stdioName() + ")", new Stats(ours), new Stats(theirs), 0.5,
                "median of " + runs);
        row("start-up to first initialize reply (java -jar)", new Stats(plain), new Stats(theirs), null,
                "median of " + runs);
    }

    private static double startOnce(List<String> command) {
        try (StdioServer s = StdioServer.start(command, Path.of("."))) {
            return s.initialize() / 1e6;
        }
    }

    // ---------------------------------------------------------------- stdio, warm

    private void stdio() throws IOException, InterruptedException {
        int runs = args.integer("--runs", 200);
        Path statistics = project.resolve("prints").resolve(SyntheticPrint.CONNECTION).resolve("wide/events")
                .resolve("statistics.yaml");
        Path manifest = project.resolve("prints").resolve(SyntheticPrint.CONNECTION).resolve("manifest.yaml");
        List<String> jvm = args.optional("--profile")
                .map(f -> List.of("-Xlog:disable", "-XX:StartFlightRecording=filename=" + f + ",settings=profile"))
                .orElse(List.of());
        try (StdioServer ours = StdioServer.start(stdioCommand(jvm), Path.of("."));
                StdioServer uncached = StdioServer.start(stdioCommand(List.of(NO_REPLY_CACHE)), Path.of("."));
                StdioServer theirs = StdioServer.start(peerCommand(), Path.of("."))) {
            ours.initialize();
            uncached.initialize();
            theirs.initialize();
            if (args.optional("--profile").isPresent()) { // started by jcmd: a JFR started by a flag writes to stdout
                HeapProbe.jcmd(ours.pid(), "JFR.start", "settings=profile",
                        "filename=" + Path.of(args.string("--profile", "")).toAbsolutePath());
            }
            Stats raw = time(runs, () -> theirs.callTool("read_text_file", args("path", statistics.toString())));
            Stats rawManifest = time(Math.max(10, runs / 10),
                    () -> theirs.callTool("read_text_file", args("path", manifest.toString())));
            System.out.printf("peer read_text_file: statistics.yaml %d bytes, manifest.yaml %d bytes%n",
                    size(statistics), size(manifest));
            String vs = "vs peer read_text_file statistics.yaml";
            for (String purpose : List.of("query", "profile")) {
                ObjectNode a = args("table", WIDE).put("purpose", purpose).put("format", "md");
                Stats first = time(runs, () -> ours.callTool("get_table_context", a));
                int[] pages = new int[1];
                Stats all = time(Math.max(20, runs / 4), () -> {
                    pages[0] = allPages(ours, a);
                    return null;
                });
                Stats rendered = time(runs, () -> uncached.callTool("get_table_context", a));
                row("get_table_context " + purpose + " md, page 1", first, raw, 1.0, vs);
                row("get_table_context " + purpose + " md, all " + pages[0] + " pages", all, raw, null, vs);
                row("get_table_context " + purpose + " md, page 1, reply cache off", rendered, raw, null, vs);
            }
            Stats list = time(runs, () -> ours.callTool("list_tables", StdioServer.JSON.createObjectNode()));
            Stats listed = time(runs, () -> uncached.callTool("list_tables", StdioServer.JSON.createObjectNode()));
            row("list_tables, page 1", list, raw, 0.5, vs);
            row("list_tables, page 1, reply cache off", listed, raw, null, vs);
            row("(peer read_text_file manifest.yaml)", rawManifest, raw, null, "the file list_tables indexes");
            if (args.optional("--profile").isPresent()) {
                HeapProbe.jcmd(ours.pid(), "JFR.stop");
            }
        }
    }

    /** Our server computing every reply anew: what a call costs when the print changed since it was last made. */
    private static final String NO_REPLY_CACHE = "-Ddbprint.reply-cache.max-chars=0";

    /** Follows next_cursor (the last line of a Markdown page) to the end; the page count. */
    private static int allPages(StdioServer server, ObjectNode first) {
        int pages = 0;
        ObjectNode a = first.deepCopy();
        while (true) {
            String text = server.callTool("get_table_context", a).toolText();
            pages++;
            int at = text.lastIndexOf("\nnext_cursor: ");
            if (at < 0) {
                return pages;
            }
            a = first.deepCopy().put("cursor", text.substring(at + "\nnext_cursor: ".length()).trim());
        }
    }

    /** Warm-up of {@code runs / 4} (at least 10) calls, then {@code runs} timed ones; each reply checked. */
    private static Stats time(int runs, Supplier<StdioServer.Reply> call) {
        for (int i = 0; i < Math.max(10, runs / 4); i++) {
            check(call.get());
        }
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t = System.nanoTime();
            StdioServer.Reply r = call.get();
            ms[i] = (r == null ? System.nanoTime() - t : r.nanos()) / 1e6;
            check(r);
        }
        return new Stats(ms);
    }

    private static void check(StdioServer.Reply r) {
        if (r != null) {
            r.toolText();
        }
    }

    // ---------------------------------------------------------------- HTTP

    private void http() throws IOException, InterruptedException {
        int port = freePort();
        String xmx = args.string("--xmx", "256m");
        List<String> command = new ArrayList<>(ourCommand(List.of("-Xmx" + xmx)));
        command.addAll(List.of("--transport", "http", "--port", Integer.toString(port)));
        Process server = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            awaitListening(server, port);
            HttpLoad load = new HttpLoad(port);
            int tables = args.integer("--tables", 10_000);
            List<String> pool = new ArrayList<>();
            for (int i = 0; i < 256; i++) {
                pool.add(SyntheticPrint.fqn((int) ((long) i * tables / 256)));
            }
            load.run(1, Duration.ZERO, Duration.ofSeconds(1), c -> new Random(c), r -> LIST_FIRST);
            long afterManifest = HeapProbe.usedAfterGc(server.pid());
            int clients = args.integer("--clients", 32);
            load.run(clients, Duration.ZERO, Duration.ofSeconds(args.integer("--warmup", 10)),
                    c -> new Random(20260517L + c), rnd -> mix(rnd, pool));
            Duration cpuBefore = cpu(server);
            HttpLoad.Result r = load.run(clients, Duration.ZERO, Duration.ofSeconds(args.integer("--seconds", 20)),
                    c -> new Random(20260518L + c), rnd -> mix(rnd, pool));
            double cpuPerCall = (cpu(server).minus(cpuBefore).toNanos() / 1e6) / r.calls();
            long afterLoad = HeapProbe.usedAfterGc(server.pid());
            table.add(String.format(Locale.ROOT,
                    "| HTTP, %d clients, tool mix | %,.0f calls/s | p50 %.1f ms, p99 %.1f ms | | | %d errors of %,d | >= 3,000 calls/s, p99 <= 25 ms | %s |",
                    clients, r.callsPerSecond(), r.latencyMs().median(), r.latencyMs().percentile(99), r.errors(),
                    r.calls(), r.callsPerSecond() >= 3000 && r.latencyMs().percentile(99) <= 25 ? "met" : "missed"));
            table.add(String.format(Locale.ROOT,
                    "| server CPU per call of the mix (user + system) | %.3f ms | | | | %,.0f calls/s per CPU core | | |",
                    cpuPerCall, 1000 / cpuPerCall));
            table.add(String.format(Locale.ROOT,
                    "| heap after a full GC (-Xmx%s) | %.0f MB with the manifest loaded | %.0f MB after the mix | | | | <= 256 MB | %s |",
                    xmx, afterManifest / 1048576.0, afterLoad / 1048576.0, afterLoad <= 256L << 20 ? "met" : "missed"));
        } finally {
            server.destroy(); // SIGTERM: a clean shutdown
            if (!server.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    private static final String LIST_FIRST = "{\"name\":\"list_tables\",\"arguments\":{}}";

    /**
     * The HTTP mix: get_table_context on tables of a 256-table pool (query md 30%, profile md 20%, profile json 10%),
     * list_tables (first page 10%, one schema 10%), get_manifest 10%, get_diff of one table 10%.
     */
    private static String mix(Random r, List<String> pool) {
        String t = pool.get(r.nextInt(pool.size()));
        int k = r.nextInt(10);
        return switch (k) {
            case 0, 1, 2 -> tool("get_table_context", "{\"table\":\"" + t + "\",\"purpose\":\"query\"}");
            case 3, 4 -> tool("get_table_context", "{\"table\":\"" + t + "\"}");
            case 5 -> tool("get_table_context", "{\"table\":\"" + t + "\",\"format\":\"json\"}");
            case 6 -> LIST_FIRST;
            case 7 -> tool("list_tables", "{\"pattern\":\"" + t.substring(0, t.indexOf('.')) + ".*\",\"detail\":true}");
            case 8 -> tool("get_manifest", "{}");
            default -> tool("get_diff", "{\"table\":\"" + t + "\"}");
        };
    }

    private static String tool(String name, String arguments) {
        return "{\"name\":\"" + name + "\",\"arguments\":" + arguments + "}";
    }

    // ---------------------------------------------------------------- the table

    private void header() {
        table.add("| measurement | ours median | ours p99 | peer median | peer p99 | ours/peer median (p99) | target | |");
        table.add("|---|---|---|---|---|---|---|---|");
    }

    private void row(String what, Stats ours, Stats theirs, Double target, String note) {
        double ratio = ours.median() / theirs.median();
        double ratio99 = ours.percentile(99) / theirs.percentile(99);
        table.add(String.format(Locale.ROOT, "| %s | %.2f ms | %.2f ms | %.2f ms | %.2f ms | %.2f (%.2f) | %s | %s |",
                what, ours.median(), ours.percentile(99), theirs.median(), theirs.percentile(99), ratio, ratio99,
                target == null ? note : String.format(Locale.ROOT, "<= %.1fx, %s", target, note),
                target == null ? "" : ratio <= target ? "met" : "missed"));
    }

    // ---------------------------------------------------------------- processes

    private List<String> ourCommand(List<String> jvmOptions) {
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        c.addAll(jvmOptions);
        c.addAll(List.of("-jar", jar.toString(), "--project", project.toString()));
        return c;
    }

    /**
     * Our server as the README runs it over stdio: the launcher beside the jar (class-data-sharing archive, C1 only),
     * JVM options passed through its {@code DBPRINT_MCP_JAVA_OPTS}; the plain jar when there is no launcher.
     */
    private List<String> stdioCommand(List<String> jvmOptions) {
        Path launcher = jar.resolveSibling("dbprint-mcp");
        if (!Files.isExecutable(launcher)) {
            return ourCommand(jvmOptions);
        }
        return List.of("env", "JAVA_HOME=" + System.getProperty("java.home"),
                "DBPRINT_MCP_JAVA_OPTS=" + String.join(" ", jvmOptions), launcher.toString(), "--project",
                project.toString());
    }

    private String stdioName() {
        return Files.isExecutable(jar.resolveSibling("dbprint-mcp")) ? "launcher: CDS archive, C1" : "java -jar";
    }

    private List<String> peerCommand() {
        return List.of("node", peer.toString(), project.toString());
    }

    private static ObjectNode args(String key, String value) {
        return StdioServer.JSON.createObjectNode().put(key, value);
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The one file {@code prefix*suffix} in {@code dir}, looked for under the working directory and its parent. */
    static Path find(String dir, String prefix, String suffix) {
        for (Path base : List.of(Path.of("").toAbsolutePath(), Path.of("").toAbsolutePath().getParent())) {
            Path d = base.resolve(dir);
            if (Files.isDirectory(d)) {
                try (Stream<Path> files = Files.list(d)) {
                    var hit = files.filter(f -> {
                        String n = f.getFileName().toString();
                        return n.startsWith(prefix) && n.endsWith(suffix);
                    }).findFirst();
                    if (hit.isPresent()) {
                        return hit.get().toAbsolutePath();
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        throw new IllegalStateException("no " + dir + "/" + prefix + "*" + suffix
                + " (build the jar with ./mvnw package; install the peer with npm ci --prefix integration-tests/bench), or pass its path");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void awaitListening(Process server, int port) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new IllegalStateException("the HTTP server exited " + server.exitValue() + " before listening");
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                if (s.getLocalPort() != port) { // else the probe reached itself (a TCP self-connect), not the server
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("nothing listening on " + port + " after 60 s");
    }

    /** The process's CPU time so far, user and system. */
    private static Duration cpu(Process p) {
        return p.toHandle().info().totalCpuDuration().orElseThrow();
    }
}
