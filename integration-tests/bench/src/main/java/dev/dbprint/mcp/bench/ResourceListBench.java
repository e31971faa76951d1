package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.bench.RealPrintReplicator.Replica;

/**
 * resources/list through every page, as a client that lists a server's resources does, on a fresh stdio server process
 * over a large print of real dbprint output ({@link RealPrintReplicator}): the process started through the launcher
 * {@code integration-tests/target/dbprint-mcp} and by {@code java -jar} on the runner jar, in turn; each way, two
 * processes one after the other on one empty {@code XDG_CACHE_HOME}: the first finds no on-disk index and parses the
 * manifest, the second reads what the first left. Per process: {@code initialize}, then every page, each requested as soon as the one
 * before is answered; the whole listing (first request to last reply), the first page, the median and the largest of
 * the later pages, the pages and entries, and the process's peak RSS ({@code VmHWM}) once the listing is done. A later
 * page during which the bench's own JVM collected is set aside and counted, not timed: its round trip holds the
 * client's pause (up to 40 ms of G1's under load), not the server's. Prints
 * each process's line and, per way of starting, the medians over the runs. It asserts nothing, but an entry listed twice,
 * or an error reply, is printed and the exit status is 1.
 *
 * <p>
 * Arguments (defaults in brackets): {@code --tables} [6930], {@code --runs} [3], {@code --pages} stop after this many
 * pages, for a server that takes minutes for the whole listing [every page], {@code --timeout} seconds a page may take
 * [600], {@code --warmup} listings run first and not counted, through the launcher: the bench's own JVM compiles its
 * client code during the first one, on the processors the server's collections need [1], {@code --slow} print every later page that took longer than this many milliseconds, with the wall-clock time its
 * reply came, to line up with the server's {@code -Xlog:gc*:file=…:time} [none], {@code --java-opts} JVM options for the
 * server [none], {@code --source}, {@code --schema} and {@code --dir} as
 * for {@link LargePrintBench} [the production example print beside the project, its largest schema,
 * target/large-prints], {@code --launcher} [integration-tests/target/dbprint-mcp], {@code --jar}
 * [integration-tests/target/dbprint-mcp-*-runner.jar].
 */
public final class ResourceListBench {

    /** One process's listing: milliseconds, bytes and counts; {@code failure} null when every page came. */
    private record Listing(double whole, double first, double pageMedian, double pageP99, double pageMax, int maxAt,
            int pages, int setAside, int entries, long peakRss, String failure) {
    }

    private static final List<String> COLUMNS = List.of("launcher, no index", "launcher, index",
            "java -jar, no index", "java -jar, index");

    private final Args args;
    private final Duration timeout;
    private final String javaOpts;
    private final double slow;
    private boolean failed;

    private ResourceListBench(Args args) {
        this.args = args;
        this.timeout = Duration.ofSeconds(args.integer("--timeout", 600));
        this.javaOpts = args.string("--java-opts", "");
        this.slow = args.optional("--slow").map(Double::parseDouble).orElse(Double.POSITIVE_INFINITY);
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        Replica print = RealPrintReplicator.kept(args, 6930);
        Path launcher = args.path("--launcher")
                .orElse(RealPrintReplicator.projectRoot().resolve("integration-tests/target/dbprint-mcp"));
        Path jar = args.path("--jar").orElseGet(() -> PeerBench.find("integration-tests/target", "dbprint-mcp-",
                "-runner.jar"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ResourceListBench bench = new ResourceListBench(args);
        System.out.printf("%,d tables at %s; launcher %s, jar %s, JVM options [%s], %s, %d CPUs, load average %.1f%n",
                print.tables(), print.project(), launcher, jar, bench.javaOpts, System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        Map<String, List<String>> ways = Map.of("launcher", List.of(launcher.toString()), "java -jar",
                javaOpts(java, bench.javaOpts, jar));
        int runs = args.integer("--runs", 3);
        for (int i = 0; i < args.integer("--warmup", 1); i++) {
            Path cache = Files.createTempDirectory("dbprint-list-bench-cache");
            try {
                System.out.printf("warm-up, not counted: %s%n", line(bench.listing(ways.get("launcher"),
                        print.project(), cache)));
            } finally {
                RealPrintReplicator.delete(cache);
            }
        }
        Map<String, List<Listing>> results = new LinkedHashMap<>();
        COLUMNS.forEach(c -> results.put(c, new ArrayList<>()));
        for (int run = 1; run <= runs; run++) {
            for (String way : List.of("launcher", "java -jar")) {
                Path cache = Files.createTempDirectory("dbprint-list-bench-cache");
                try {
                    for (String index : List.of("no index", "index")) {
                        Listing l = bench.listing(ways.get(way), print.project(), cache);
                        results.get(way + ", " + index).add(l);
                        System.out.printf("run %d/%d, %s, %s: %s%n", run, runs, way, index, line(l));
                    }
                } finally {
                    RealPrintReplicator.delete(cache);
                }
            }
        }
        System.out.printf("%nload average %.1f at the end; medians of %d runs%n%n",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), runs);
        System.out.println("| resources/list, fresh process | " + String.join(" | ", COLUMNS) + " |");
        System.out.println("|---" + "|---".repeat(COLUMNS.size()) + "|");
        row("pages / entries", results, null, null);
        row("whole listing", results, "%.0f ms", Listing::whole);
        row("first page", results, "%.1f ms", Listing::first);
        row("a later page, median", results, "%.2f ms", Listing::pageMedian);
        row("a later page, 99th percentile", results, "%.1f ms", Listing::pageP99);
        row("a later page, largest", results, "%.1f ms", Listing::pageMax);
        row("peak RSS", results, "%.0f MB", l -> l.peakRss() / 1e6);
        if (bench.failed) {
            System.exit(1);
        }
    }

    private static List<String> javaOpts(Path java, String opts, Path jar) {
        List<String> c = new ArrayList<>(List.of(java.toString()));
        if (!opts.isBlank()) {
            c.addAll(List.of(opts.trim().split("\\s+")));
        }
        c.addAll(List.of("-jar", jar.toString()));
        return c;
    }

    /** One fresh process on {@code cache} listing every page (or {@code --pages} of them). */
    private Listing listing(List<String> command, Path project, Path cache) throws IOException {
        List<String> full = new ArrayList<>(command);
        full.addAll(List.of("--project", project.toString()));
        int limit = args.integer("--pages", Integer.MAX_VALUE);
        List<Double> later = new ArrayList<>();
        List<Integer> laterAt = new ArrayList<>();
        int pages = 0;
        int setAside = 0;
        Set<String> uris = new HashSet<>();
        double first = Double.NaN;
        int entries = 0;
        String failure = null;
        long peak = 0;
        long t0 = 0;
        long end = 0;
        try (StdioServer server = StdioServer.start(full, project, Map.of("XDG_CACHE_HOME", cache.toString(),
                "JAVA_HOME", System.getProperty("java.home"), "DBPRINT_MCP_JAVA_OPTS", javaOpts))
                .timeoutEach(timeout)) {
            server.initialize();
            String cursor = null;
            t0 = System.nanoTime();
            do {
                ObjectNode params = StdioServer.JSON.createObjectNode();
                if (cursor != null) {
                    params.put("cursor", cursor);
                }
                StdioServer.Reply reply = server.timed("resources/list", params);
                JsonNode result = reply.json().path("result");
                pages++;
                if (result.isMissingNode()) {
                    failure = "page " + pages + ": " + reply.line();
                    break;
                }
                double ms = reply.nanos() / 1e6;
                if (Double.isNaN(first)) {
                    first = ms;
                } else if (reply.clientCollections() > 0) {
                    setAside++; // the bench's own pause is in this round trip: the server's time is not known
                } else {
                    later.add(ms);
                    laterAt.add(pages);
                    if (ms > slow) {
                        System.out.printf("  page %d: %.1f ms, answered at %s%n", pages, ms, LocalTime.now());
                    }
                }
                for (JsonNode e : result.path("resources")) {
                    entries++;
                    if (!uris.add(e.path("uri").asText())) {
                        failure = "listed twice: " + e.path("uri").asText();
                    }
                }
                cursor = result.path("nextCursor").isTextual() ? result.path("nextCursor").asText() : null;
            } while (cursor != null && pages < limit && failure == null);
            end = System.nanoTime();
            peak = PeakRss.of(server.pid());
        } catch (StdioServer.TimedOut e) {
            failure = e.getMessage();
        }
        failed |= failure != null;
        double[] each = later.stream().mapToDouble(Double::doubleValue).toArray();
        Stats stats = each.length == 0 ? null : new Stats(each);
        int maxAt = later.isEmpty() ? 0 : laterAt.get(later.indexOf(later.stream().max(Double::compare).orElseThrow()));
        return new Listing((end - t0) / 1e6, first, stats == null ? Double.NaN : stats.median(),
                stats == null ? Double.NaN : stats.percentile(99), stats == null ? Double.NaN : stats.percentile(100),
                maxAt, pages, setAside, entries, peak, failure);
    }

    private static String line(Listing l) {
        return String.format("%d pages, %,d entries; whole %.0f ms, first %.1f ms, later pages median %.2f ms, p99"
                + " %.1f ms, largest %.1f ms (page %d), %d set aside; peak RSS %.0f MB%s", l.pages(), l.entries(),
                l.whole(), l.first(), l.pageMedian(), l.pageP99(), l.pageMax(), l.maxAt(), l.setAside(),
                l.peakRss() / 1e6, l.failure() == null ? "" : " [" + l.failure() + "]");
    }

    /** A row of the medians of {@code figure}, written by {@code format}; the pages and entries of the first run. */
    private static void row(String label, Map<String, List<Listing>> results, String format,
            ToDoubleFunction<Listing> figure) {
        StringBuilder b = new StringBuilder("| ").append(label);
        for (String column : COLUMNS) {
            List<Listing> ls = results.get(column);
            b.append(" | ").append(format == null
                    ? ls.get(0).pages() + " / " + ls.get(0).entries()
                    : String.format(format, Stats.median(ls.stream().mapToDouble(figure).toArray())));
        }
        System.out.println(b.append(" |"));
    }
}
