package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The first answers of a fresh stdio process on a small real print (issue 42's last two rows), beside the reference
 * Python dbprint server's figures from an earlier run on this machine. Each candidate is a way a client starts us: the
 * launcher in place on each JDK given, and the release archive installed into a temporary prefix when
 * {@code ./mvnw -B package -Pdist} has built it. Each run starts, per candidate and interleaved, two processes:
 * <ol>
 * <li>initialize (timed from the spawn), then the first call of each tool in turn: list_tables, get_table_context,
 * resolve_value, search_columns, each sent as soon as the one before is answered;</li>
 * <li>initialize, then get_table_context at once: the time from the spawn to its answer.</li>
 * </ol>
 * One uncounted session per candidate goes first: it fills the page cache and the on-disk index (a fresh
 * {@code XDG_CACHE_HOME} of the bench's own, shared by every process, as a user's is), and the launcher on JDK 25+ starts
 * recording its AOT cache then, which is waited for. Every stderr line saying "warning" or "error" is counted: a client
 * logs them. Prints a Markdown table of medians, each against its target as printed, to the millisecond; it asserts
 * nothing.
 *
 * <p>
 * Arguments (defaults in brackets): {@code --project} [the production example print beside the project],
 * {@code --runs} [9], {@code --launcher} [integration-tests/target/dbprint-mcp], {@code --jdks} JAVA_HOMEs for the
 * launcher, or {@code none} [/usr/lib/jvm/java-17-openjdk-amd64,/usr/lib/jvm/temurin-25-jdk-amd64], {@code --archive}
 * release archives, comma-separated (two builds' archives measure them interleaved, A/B), or {@code none}
 * [integration-tests/target/dist/dbprint-mcp-*-linux-x86_64.tar.gz when built],
 * {@code --java-opts} for every candidate, through {@code DBPRINT_MCP_JAVA_OPTS} [none], {@code --reference} the
 * reference server's {@code dbprint} command, measured as one more candidate as {@code <it> serve --project <print>}
 * [none], and the calls' arguments
 * {@code --table} [seedbank.accession], {@code --column} [provenance_country], {@code --value} [Germany],
 * {@code --text} [email].
 */
public final class FirstAnswersBench {

    /**
     * The reference dbprint server (Python, dbprint 0.12.0) on the production print, from issue 42: measured in 2026-12
     * on this machine by an earlier session, in the same run as our launcher's figures there. It cannot run here (the
     * package is not on the reachable index); to rebuild that run where it installs: {@code pip install dbprint==0.12.0},
     * then {@code --reference dbprint}, which measures it as one more candidate.
     */
    private static final String REFERENCE = "Python dbprint 0.12.0, issue 42, measured 2026-12 on this machine";

    private static final Pattern COMPLAINT = Pattern.compile("(?i)\\b(warning|error)\\b");

    /**
     * A row of the table: what is timed, the reference's figure (ms, NaN for none), and the target: at most
     * {@code limit} ms (NaN for none), for the installed archive alone when {@code archiveOnly}.
     */
    private record Row(String label, double reference, double limit, boolean archiveOnly) {

        String target() {
            return Double.isNaN(limit)
                    ? ""
                    : String.format(Locale.ROOT, "<= %.0f ms%s", limit, archiveOnly ? ", installed archive" : "");
        }
    }

    /** One way of starting our server. */
    private record Candidate(String name, List<String> command, Map<String, String> environment, boolean archive) {
    }

    private final Args args;
    private final Path project;
    private final Path cache;
    private final List<Row> rows;

    private FirstAnswersBench(Args args, Path project, Path cache) {
        this.args = args;
        this.project = project;
        this.cache = cache;
        String table = args.string("--table", "seedbank.accession");
        this.rows = List.of(new Row("initialize, from the spawn", Double.NaN, Double.NaN, false),
                new Row("list_tables, first call", 5, 5, false),
                new Row("get_table_context `" + table + "`, first call", 36, 36, false),
                new Row("resolve_value, first call", 8, 8, false),
                new Row("search_columns `text: " + args.string("--text", "email") + "`, first call", 69, 69, false),
                new Row("spawn -> initialize -> first get_table_context answered", 1_100, 250, true));
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        Path project = args.path("--project").orElseGet(RealPrintReplicator::defaultSource).toRealPath();
        Path scratch = Files.createTempDirectory("dbprint-first-call");
        try {
            FirstAnswersBench bench = new FirstAnswersBench(args, project, Files.createDirectory(scratch.resolve("cache")));
            List<Candidate> candidates = bench.candidates(scratch);
            System.out.printf("print %s; %d CPUs, load average %.1f at the start%n", project,
                    Runtime.getRuntime().availableProcessors(), loadAverage());
            bench.run(candidates);
        } finally {
            RealPrintReplicator.delete(scratch);
        }
    }

    private List<Candidate> candidates(Path scratch) throws IOException, InterruptedException {
        Path root = RealPrintReplicator.projectRoot();
        Path launcher = args.path("--launcher").orElse(root.resolve("integration-tests/target/dbprint-mcp"));
        String opts = args.string("--java-opts", "");
        List<Candidate> candidates = new ArrayList<>();
        for (String jdk : args.string("--jdks", "/usr/lib/jvm/java-17-openjdk-amd64,/usr/lib/jvm/temurin-25-jdk-amd64")
                .split(",")) {
            if (jdk.equals("none")) {
                continue;
            }
            candidates.add(new Candidate("launcher in place, JDK " + javaVersion(Path.of(jdk)),
                    List.of(launcher.toString(), "--project", project.toString()),
                    Map.of("JAVA_HOME", jdk, "XDG_CACHE_HOME", cache.toString(), "DBPRINT_MCP_JAVA_OPTS", opts), false));
        }
        args.optional("--reference").ifPresent(dbprint -> candidates.add(new Candidate("reference server, measured",
                List.of(dbprint, "serve", "--project", project.toString()), Map.of(), false)));
        List<String> archives = args.optional("--archive").map(a -> List.of(a.split(","))).orElseGet(() -> {
            Path built = builtArchive(root);
            return built == null ? List.of() : List.of(built.toString());
        });
        for (int i = 0; i < archives.size(); i++) {
            if (archives.get(i).equals("none")) {
                continue;
            }
            // several archives (two builds, A/B) each get a prefix of their own, named in the table by their path
            Path archive = Path.of(archives.get(i));
            Path prefix = install(archive, Files.createDirectories(scratch.resolve("archive-" + i)));
            candidates.add(new Candidate(archives.size() == 1 ? "installed release archive" : "installed " + archive,
                    List.of(prefix.resolve("bin/dbprint-mcp").toString(), "--project", project.toString()),
                    Map.of("XDG_CACHE_HOME", cache.toString(), "DBPRINT_MCP_JAVA_OPTS", opts), true));
        }
        return candidates;
    }

    /** The archive {@code -Pdist} built, or null. */
    private static Path builtArchive(Path root) {
        try (Stream<Path> files = Files.list(root.resolve("integration-tests/target/dist"))) {
            return files.filter(f -> f.getFileName().toString().endsWith("-linux-x86_64.tar.gz")).findFirst()
                    .orElse(null);
        } catch (IOException noneBuilt) {
            return null;
        }
    }

    /** Unpacks {@code archive} and installs it into a prefix under {@code scratch}, as docs/install.md says. */
    private static Path install(Path archive, Path scratch) throws IOException, InterruptedException {
        Path prefix = scratch.resolve("prefix");
        exec(List.of("tar", "-xzf", archive.toString(), "-C", scratch.toString()));
        String unpacked = archive.getFileName().toString().replaceFirst("\\.tar\\.gz$", "");
        exec(List.of(scratch.resolve(unpacked).resolve("install.sh").toString(), "--prefix", prefix.toString()));
        System.out.printf("installed %s into %s%n", archive, prefix);
        return prefix;
    }

    private static void exec(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException(command + " exited " + p.exitValue());
        }
    }

    private static String javaVersion(Path jdk) throws IOException {
        for (String line : Files.readAllLines(jdk.resolve("release"))) {
            if (line.startsWith("JAVA_VERSION=")) {
                return line.substring("JAVA_VERSION=".length()).replace("\"", "");
            }
        }
        return jdk.toString();
    }

    // ---------------------------------------------------------------- the sessions

    private void run(List<Candidate> candidates) throws InterruptedException {
        int runs = args.integer("--runs", 9);
        Map<Candidate, double[][]> figures = new LinkedHashMap<>();
        Map<Candidate, List<String>> complaints = new LinkedHashMap<>();
        for (Candidate c : candidates) {
            figures.put(c, new double[rows.size()][runs]);
            complaints.put(c, new ArrayList<>());
            everyTool(c, complaints.get(c)); // not counted
        }
        awaitRecordings(candidates);
        for (int run = 0; run < runs; run++) {
            for (Candidate c : candidates) {
                double[] tools = everyTool(c, complaints.get(c));
                for (int row = 0; row < tools.length; row++) {
                    figures.get(c)[row][run] = tools[row];
                }
                figures.get(c)[rows.size() - 1][run] = firstContext(c, complaints.get(c));
            }
            System.out.printf("run %d/%d done%n", run + 1, runs);
        }
        table(figures, complaints, runs);
    }

    /** Initialize, then the first call of each tool in turn; milliseconds each, initialize from the spawn. */
    private double[] everyTool(Candidate c, List<String> complaints) {
        String table = args.string("--table", "seedbank.accession");
        List<ToLongFunction<StdioServer>> steps = List.of(StdioServer::initialize,
                s -> call(s, "list_tables", json()),
                s -> call(s, "get_table_context", json().put("table", table)),
                s -> call(s, "resolve_value", json().put("table", table)
                        .put("column", args.string("--column", "provenance_country"))
                        .put("text", args.string("--value", "Germany"))),
                s -> call(s, "search_columns", json().put("text", args.string("--text", "email"))));
        double[] ms = new double[steps.size()];
        StdioServer server = start(c);
        try (server) {
            for (int i = 0; i < steps.size(); i++) {
                ms[i] = steps.get(i).applyAsLong(server) / 1e6;
            }
        }
        complaints.addAll(server.stderrLines(COMPLAINT)); // once it has exited
        return ms;
    }

    /** Milliseconds from the spawn to the answer of a get_table_context sent as soon as initialize is answered. */
    private double firstContext(Candidate c, List<String> complaints) {
        StdioServer server = start(c);
        long nanos;
        try (server) {
            // the gap between the two, sending notifications/initialized, is microseconds
            nanos = server.initialize() + call(server, "get_table_context", json().put("table", args.string("--table",
                    "seedbank.accession")));
        }
        complaints.addAll(server.stderrLines(COMPLAINT));
        return nanos / 1e6;
    }

    private StdioServer start(Candidate c) {
        return StdioServer.start(c.command(), project, c.environment());
    }

    private static long call(StdioServer server, String tool, ObjectNode arguments) {
        StdioServer.Reply reply = server.callTool(tool, arguments);
        reply.toolText(); // throws on an error reply
        return reply.nanos();
    }

    /** Waits, up to ten minutes, for the caches the launchers record in the background after their first start. */
    private static void awaitRecordings(List<Candidate> candidates) throws InterruptedException {
        Path dir = Path.of(candidates.get(0).command().get(0)).toAbsolutePath().getParent();
        long deadline = System.nanoTime() + 600_000_000_000L;
        while (System.nanoTime() < deadline && recording(dir)) {
            Thread.sleep(500);
        }
    }

    private static boolean recording(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".lock"));
        } catch (IOException e) {
            return false;
        }
    }

    private static ObjectNode json() {
        return StdioServer.JSON.createObjectNode();
    }

    // ---------------------------------------------------------------- the table

    private void table(Map<Candidate, double[][]> figures, Map<Candidate, List<String>> complaints, int runs) {
        System.out.printf("%n%d CPUs, load average %.1f at the end; medians of %d fresh processes each (range)%n%n",
                Runtime.getRuntime().availableProcessors(), loadAverage(), runs);
        StringBuilder head = new StringBuilder("| first answers, production print |");
        StringBuilder rule = new StringBuilder("|---|");
        for (Candidate c : figures.keySet()) {
            head.append(' ').append(c.name()).append(" |");
            rule.append("---|");
        }
        System.out.println(head + " reference (" + REFERENCE + ") | target |");
        System.out.println(rule + "---|---|");
        for (int row = 0; row < rows.size(); row++) {
            Row r = rows.get(row);
            StringBuilder line = new StringBuilder("| " + r.label() + " |");
            for (Map.Entry<Candidate, double[][]> e : figures.entrySet()) {
                Stats s = new Stats(e.getValue()[row]);
                String met = Double.isNaN(r.limit()) || (r.archiveOnly() && !e.getKey().archive())
                        ? ""
                        : verdict(s.median(), r.limit());
                line.append(String.format(Locale.ROOT, " %.0f ms (%.0f–%.0f)%s |", s.median(), s.percentile(0),
                        s.percentile(100), met));
            }
            String reference = Double.isNaN(r.reference())
                    ? ""
                    : (r.archiveOnly() ? "about " : "") + String.format(Locale.ROOT, "%,.0f ms", r.reference());
            System.out.println(line + " " + reference + " | " + r.target() + " |");
        }
        System.out.println();
        complaints.forEach((c, lines) -> System.out.printf("%s: %d stderr lines saying warning or error%s%n", c.name(),
                lines.size(), lines.isEmpty() ? "" : ", the first: " + lines.get(0)));
    }

    /**
     * Met or missed, as the table prints the median: to the millisecond. A median above the limit that rounds to it is
     * equal at that precision, and says so with its unrounded value, since the reference's figures are whole
     * milliseconds themselves.
     */
    static String verdict(double median, double limit) {
        if (median <= limit) {
            return ", met";
        }
        return Math.round(median) <= limit
                ? String.format(Locale.ROOT, ", met: equal to the ms (%.2f ms unrounded)", median)
                : ", missed";
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
