package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.bench.RealPrintReplicator.Replica;

/**
 * The first calls of fresh server processes on large prints of real dbprint output ({@link RealPrintReplicator}), as a
 * stdio client spawns the server for each agent session: through the launcher {@code integration-tests/target/dbprint-mcp},
 * one new process per run, the calls in this order in that one process, each sent as soon as the one before it is
 * answered: initialize (timed from spawning the process), tools/list (as every client does next), list_tables,
 * get_table_context of one table with purpose query, search_columns of one text, search_columns of a new text, the same
 * again; then its peak RSS ({@code VmHWM}) and its used heap after a full GC ({@code jcmd}). Each run
 * starts two processes on one empty {@code XDG_CACHE_HOME} of its own: the first finds no index on disk, the second
 * finds whatever the first left there. Beside them, the physical floors: reading every byte of the print's files once,
 * and the stat of every {@code statistics.yaml} that server spec §7.1 asks of every search (median of 15 rounds, on one
 * thread and on every processor).
 * Prints a Markdown table of medians. It asserts nothing, but the first process on each print also checks the print:
 * list_tables' total is the number of tables written, search_columns' total is the source's times the copies, and
 * get_table_context of every copied table in three copies is the source's reply with the names renamed; a mismatch is
 * printed and the exit status is 1.
 *
 * <p>
 * Arguments (defaults in brackets): {@code --tables} a list of table counts [7000,20000], {@code --runs} [3],
 * {@code --timeout} seconds a call may take before it counts as a timeout and the process's later calls are skipped
 * [300], {@code --java-opts} JVM options for the server, e.g. {@code -Xmx256m} [none], {@code --source} the print to
 * replicate [the production example print beside the project], {@code --schema} [its largest], {@code --dir} where the
 * prints are generated and kept for the next invocation [target/large-prints], {@code --launcher}
 * [integration-tests/target/dbprint-mcp], {@code --text} [email], {@code --new-text} [viability], {@code --think}
 * milliseconds between tools/list and the first tool call, as an agent's model takes to choose it, not timed [0],
 * {@code --pace} milliseconds before each later tool call, as a model takes to read a reply, not timed [0: each call
 * as soon as the last is answered].
 */
public final class LargePrintBench {

    private static final Pattern TOTAL = Pattern.compile("\"total\"\\s*:\\s*(\\d+)");

    /** One measured call of a session: its row label and how to make it (the reply is checked, not timed). */
    private record Step(String label, Function<StdioServer, Long> nanos) {
    }

    /** One session's figures, one per row: milliseconds or bytes; +∞ a timeout, NaN an error or a call not made. */
    private record Session(double[] figures, String failure) {
    }

    private final Args args;
    private final Path launcher;
    private final String javaOpts;
    private final Duration timeout;
    private final RealPrintReplicator replicator;
    private final List<String> rows = new ArrayList<>();
    private boolean checkFailed;

    private LargePrintBench(Args args, RealPrintReplicator replicator) {
        this.args = args;
        this.replicator = replicator;
        this.launcher = args.path("--launcher")
                .orElse(RealPrintReplicator.projectRoot().resolve("integration-tests/target/dbprint-mcp"));
        if (!Files.isExecutable(launcher)) {
            throw new IllegalStateException("no launcher " + launcher + ": build it first (./mvnw package -DskipTests)");
        }
        this.javaOpts = args.string("--java-opts", "");
        this.timeout = Duration.ofSeconds(args.integer("--timeout", 300));
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        RealPrintReplicator replicator = new RealPrintReplicator(
                args.path("--source").orElseGet(RealPrintReplicator::defaultSource), args.optional("--schema").orElse(null));
        LargePrintBench bench = new LargePrintBench(args, replicator);
        System.out.printf("launcher %s, JVM options [%s], %s (%s), %d CPUs, load average %.1f, timeout %d s a call%n",
                bench.launcher, bench.javaOpts, System.getProperty("java.version"), System.getProperty("java.home"),
                Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                bench.timeout.toSeconds());
        List<Replica> prints = new ArrayList<>();
        List<String> floors = new ArrayList<>();
        List<String> statFloors = new ArrayList<>();
        for (String t : args.string("--tables", "7000,20000").split(",")) {
            Replica print = bench.prepare(Integer.parseInt(t.trim()));
            prints.add(print);
            floors.add(floor(print.project()));
            statFloors.add(statFloor(print.project()));
        }
        List<Session[][]> results = new ArrayList<>();
        for (Replica print : prints) {
            results.add(bench.measure(print));
        }
        System.out.println();
        bench.table(prints, results, floors, statFloors);
        if (bench.checkFailed) {
            System.exit(1);
        }
    }

    // ---------------------------------------------------------------- the prints

    private Replica prepare(int tables) throws IOException {
        return replicator.kept(RealPrintReplicator.largePrints(args), tables);
    }

    /** Reads every byte of every file under {@code project} once; what it read and how long it took. */
    private static String floor(Path project) throws IOException {
        long files = 0, bytes = 0, statistics = 0;
        ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
        long t0 = System.nanoTime();
        try (Stream<Path> walk = Files.walk(project)) {
            for (Path f : walk.filter(Files::isRegularFile).toList()) {
                long n = 0;
                try (FileChannel c = FileChannel.open(f)) {
                    for (int r = c.read(buffer); r >= 0; r = c.read(buffer.clear())) {
                        n += r;
                    }
                }
                files++;
                bytes += n;
                statistics += f.getFileName().toString().equals("statistics.yaml") ? n : 0;
            }
        }
        double ms = (System.nanoTime() - t0) / 1e6;
        System.out.printf("%s: %,d files, %.0f MB (statistics.yaml %.0f MB), every byte read once in %s%n", project,
                files, bytes / 1e6, statistics / 1e6, time(ms));
        return time(ms) + " (" + Math.round(bytes / 1e6) + " MB)";
    }

    /**
     * Stats every file a search reads under {@code project} — each statistics.yaml and statistics.annotations.yaml — as
     * every search must (server spec §7.1), 15 rounds on one thread and on every processor; then, on every processor,
     * those files and every directory, as a search that stamps each directory once for its containment verdicts does.
     * The medians.
     */
    private static String statFloor(Path project) throws IOException {
        List<Path> files;
        List<Path> directories;
        try (Stream<Path> walk = Files.walk(project)) {
            List<Path> all = walk.toList();
            files = all.stream().filter(f -> SEARCHED.contains(f.getFileName().toString())).toList();
            directories = all.stream().filter(Files::isDirectory).toList();
        }
        List<Path> both = new ArrayList<>(files);
        both.addAll(directories);
        double[] serial = new double[15];
        double[] parallel = new double[15];
        double[] guarded = new double[15];
        for (int round = 0; round < serial.length; round++) {
            long t0 = System.nanoTime();
            files.forEach(LargePrintBench::stat);
            long t1 = System.nanoTime();
            files.parallelStream().forEach(LargePrintBench::stat);
            long t2 = System.nanoTime();
            both.parallelStream().forEach(LargePrintBench::stat);
            serial[round] = (t1 - t0) / 1e6;
            parallel[round] = (t2 - t1) / 1e6;
            guarded[round] = (System.nanoTime() - t2) / 1e6;
        }
        double one = median(serial), all = median(parallel), withDirectories = median(guarded);
        System.out.printf("%s: a stat of each of the %,d files a search reads takes %.1f ms on one thread (%.2f us each),"
                + " %.1f ms on %d processors; with each of %,d directories as well, %.1f ms%n", project, files.size(), one,
                one * 1000 / files.size(), all, Runtime.getRuntime().availableProcessors(), directories.size(),
                withDirectories);
        return String.format(Locale.ROOT, "%.0f ms (%.0f ms on one thread, %,d files); with every directory, %.0f ms", all,
                one, files.size(), withDirectories);
    }

    /** The files a search reads of each table. */
    private static final Set<String> SEARCHED = Set.of("statistics.yaml", "statistics.annotations.yaml");

    private static double median(double[] figures) {
        Arrays.sort(figures);
        return figures[figures.length / 2];
    }

    private static void stat(Path file) {
        try {
            Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---------------------------------------------------------------- the sessions

    /** {@code [run][0: no index yet, 1: index from an earlier process]}. */
    private Session[][] measure(Replica print) throws IOException {
        Map<String, String> expected = expectations(print);
        int runs = args.integer("--runs", 3);
        Session[][] sessions = new Session[runs][2];
        for (int run = 0; run < runs; run++) {
            Path cache = Files.createTempDirectory("dbprint-large-bench-cache");
            try {
                for (int index = 0; index < 2; index++) {
                    Session s = session(print, cache, run == 0 && index == 0 ? expected : null);
                    sessions[run][index] = s;
                    System.out.printf("%,d tables, run %d/%d, %s: %s%s%n", print.tables(), run + 1, runs,
                            index == 0 ? "no index yet" : "index from an earlier process", summary(s.figures()),
                            s.failure() == null ? "" : " [" + s.failure() + "]");
                }
            } finally {
                RealPrintReplicator.delete(cache);
            }
        }
        return sessions;
    }

    private List<Step> steps(Replica print) {
        String table = print.copy(print.copies() / 2) + "." + print.schemaTables().get(0);
        String text = args.string("--text", "email"), newText = args.string("--new-text", "viability");
        int think = args.integer("--think", 0);
        int pace = args.integer("--pace", 0);
        return List.of(new Step("initialize (from spawning the process)", StdioServer::initialize),
                new Step("tools/list (a client lists the tools next)", s -> s.timed("tools/list", json()).nanos()),
                new Step("list_tables (first call" + (think > 0 ? ", " + think + " ms after tools/list)" : ")"),
                        s -> call(s, think, "list_tables", json())),
                new Step("get_table_context `" + table + "`, query (first)",
                        s -> call(s, pace, "get_table_context", json().put("table", table).put("purpose", "query"))),
                new Step("search_columns `text: \"" + text + "\"` (first)",
                        s -> call(s, pace, "search_columns", json().put("text", text))),
                new Step("search_columns `text: \"" + newText + "\"`, a new term (warm)",
                        s -> call(s, pace, "search_columns", json().put("text", newText))),
                new Step("the same search again", s -> call(s, pace, "search_columns", json().put("text", newText))),
                new Step("search_columns, five more new terms (median)", s -> {
                    long[] each = SETTLED_TERMS.stream()
                            .mapToLong(t -> call(s, pace, "search_columns", json().put("text", t))).sorted().toArray();
                    return each[each.length / 2];
                }));
    }

    /**
     * Five more new terms, searched one after another once the session has searched twice: what an agent's later
     * searches cost, once the JIT has compiled the warm walk and the first searches' garbage is collected.
     */
    private static final List<String> SETTLED_TERMS = List.of("germinated", "postal", "catalogue", "shelf", "vernacular");

    /** One fresh process through the launcher; {@code expected} non-null: check the print with it afterwards. */
    private Session session(Replica print, Path cache, Map<String, String> expected) {
        List<Step> steps = steps(print);
        double[] figures = new double[steps.size() + 2];
        Arrays.fill(figures, Double.NaN);
        String failure = null;
        try (StdioServer server = start(print.project(), cache)) {
            for (int i = 0; i < steps.size() && failure == null; i++) {
                try {
                    figures[i] = steps.get(i).nanos().apply(server) / 1e6;
                } catch (StdioServer.TimedOut e) {
                    figures[i] = Double.POSITIVE_INFINITY;
                    failure = e.getMessage();
                } catch (RuntimeException e) {
                    failure = steps.get(i).label() + ": " + e.getMessage();
                }
            }
            try { // VmHWM first: attaching jcmd adds to the process's memory
                figures[steps.size() + 1] = PeakRss.of(server.pid());
                figures[steps.size()] = HeapProbe.usedAfterGc(server.pid());
            } catch (IOException | RuntimeException e) {
                failure = failure != null ? failure : "memory probe: " + e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (expected != null) {
                check(server, print, expected, failure);
            }
        }
        return new Session(figures, failure);
    }

    private StdioServer start(Path project, Path cache) {
        return StdioServer.start(List.of(launcher.toString(), "--project", project.toString()), project,
                Map.of("XDG_CACHE_HOME", cache.toString(), "JAVA_HOME", System.getProperty("java.home"),
                        "DBPRINT_MCP_JAVA_OPTS", javaOpts))
                .timeoutEach(timeout);
    }

    /** The call's time, once {@code pause} milliseconds have passed (a model at work; not timed). */
    private static long call(StdioServer server, int pause, String tool, ObjectNode arguments) {
        pause(pause);
        StdioServer.Reply reply = server.callTool(tool, arguments);
        reply.toolText(); // throws on an error reply
        return reply.nanos();
    }

    private static void pause(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ObjectNode json() {
        return StdioServer.JSON.createObjectNode();
    }

    // ---------------------------------------------------------------- checking the print

    /**
     * What the first process on {@code print} must answer, from a process on the source print: the totals of
     * list_tables and the search, and get_table_context of every copied table (keyed by source table name).
     */
    private Map<String, String> expectations(Replica print) throws IOException {
        Path cache = Files.createTempDirectory("dbprint-large-bench-cache");
        try (StdioServer source = start(replicator.source(), cache)) {
            source.initialize();
            String text = args.string("--text", "email");
            String found = source.callTool("search_columns", json().put("text", text)).toolText();
            if (found.contains("next_cursor")) {
                throw new IllegalStateException("the source's search_columns reply has more than one page");
            }
            int inSchema = count(found,
                    Pattern.compile("\"table\"\\s*:\\s*\"" + Pattern.quote(replicator.schema() + ".")));
            int searchTotal = total(found) + (print.copies() - 1) * inSchema;
            Map<String, String> expected = new TreeMap<>(Map.of("list_tables total",
                    Integer.toString(print.tables()), "search_columns total", Integer.toString(searchTotal)));
            for (String table : print.schemaTables()) {
                expected.put(table, source.callTool("get_table_context",
                        json().put("table", replicator.schema() + "." + table).put("purpose", "query")).toolText());
            }
            return expected;
        } finally {
            RealPrintReplicator.delete(cache);
        }
    }

    /** Checks the print unless the measured calls failed ({@code failure} non-null); a check that fails fails the run. */
    private void check(StdioServer server, Replica print, Map<String, String> expected, String failure) {
        if (failure != null) {
            System.out.printf("the %,d-table print not checked: %s%n", print.tables(), failure);
            return;
        }
        try {
            compare(server, print, expected);
        } catch (RuntimeException e) {
            System.out.printf("the %,d-table print's check failed: %s%n", print.tables(), e.getMessage());
            checkFailed = true;
        }
    }

    private void compare(StdioServer server, Replica print, Map<String, String> expected) {
        List<String> wrong = new ArrayList<>();
        int listed = total(server.callTool("list_tables", json()).toolText());
        if (!Integer.toString(listed).equals(expected.get("list_tables total"))) {
            wrong.add("list_tables total " + listed + ", expected " + expected.get("list_tables total"));
        }
        int found = total(server.callTool("search_columns", json().put("text", args.string("--text", "email")))
                .toolText());
        if (!Integer.toString(found).equals(expected.get("search_columns total"))) {
            wrong.add("search_columns total " + found + ", expected " + expected.get("search_columns total"));
        }
        int compared = 0;
        for (int copy : new int[]{0, print.copies() / 2, print.copies() - 1}) {
            for (String table : print.schemaTables()) {
                String name = print.copy(copy);
                String reply = server.callTool("get_table_context",
                        json().put("table", name + "." + table).put("purpose", "query")).toolText();
                compared++;
                if (!reply.equals(replicator.renamed(expected.get(table), name))) {
                    wrong.add("get_table_context " + name + "." + table + " differs from the source's");
                }
            }
        }
        System.out.printf("check of the %,d-table print: list_tables total %d, search_columns total %d, "
                + "get_table_context of %d tables against the source's: %s%n", print.tables(), listed, found, compared,
                wrong.isEmpty() ? "all as expected" : "WRONG: " + String.join("; ", wrong));
        checkFailed |= !wrong.isEmpty();
    }

    private static int total(String reply) {
        Matcher m = TOTAL.matcher(reply);
        if (!m.find()) {
            throw new IllegalStateException("no total in " + reply.substring(0, Math.min(200, reply.length())));
        }
        return Integer.parseInt(m.group(1));
    }

    private static int count(String text, Pattern of) {
        return (int) of.matcher(text).results().count();
    }

    // ---------------------------------------------------------------- the table

    private void table(List<Replica> prints, List<Session[][]> results, List<String> floors, List<String> statFloors) {
        List<String> labels = new ArrayList<>(steps(prints.get(0)).stream().map(Step::label).toList());
        labels.addAll(List.of("heap used after a full GC", "peak RSS (VmHWM)"));
        int pace = args.integer("--pace", 0);
        StringBuilder head = new StringBuilder("| call, in order, one fresh process" + (javaOpts.isEmpty()
                ? ""
                : " (" + javaOpts + ")") + (pace > 0 ? ", each call after the first " + pace + " ms after the last" : "")
                + " |");
        StringBuilder rule = new StringBuilder("|---|");
        for (Replica p : prints) {
            head.append(String.format(Locale.ROOT, " %,d tables, no index yet | %,d tables, index from an earlier process |",
                    p.tables(), p.tables()));
            rule.append("---|---|");
        }
        System.out.println(head);
        System.out.println(rule);
        for (int row = 0; row < labels.size(); row++) {
            StringBuilder line = new StringBuilder("| " + labels.get(row) + " |");
            for (Session[][] sessions : results) {
                for (int index = 0; index < 2; index++) {
                    double[] figures = new double[sessions.length];
                    for (int run = 0; run < sessions.length; run++) {
                        figures[run] = sessions[run][index].figures()[row];
                    }
                    line.append(' ').append(cell(figures, row >= labels.size() - 2)).append(" |");
                }
            }
            System.out.println(line);
        }
        StringBuilder floor = new StringBuilder("| physical floor: every byte of the print's files read once |");
        floors.forEach(f -> floor.append(' ').append(f).append(" | |"));
        System.out.println(floor);
        StringBuilder stats = new StringBuilder(
                "| stat floor: each file a search reads stat once, as every search must (§7.1) |");
        statFloors.forEach(f -> stats.append(' ').append(f).append(" | |"));
        System.out.println(stats);
        System.out.printf("%nmedians of %d runs; a timeout is a call not answered within %d s%n",
                results.get(0).length, timeout.toSeconds());
    }

    /** The median of one row's runs; timeouts count as slower than any answer, errors and skipped calls not at all. */
    private static String cell(double[] runs, boolean bytes) {
        double[] made = Arrays.stream(runs).filter(v -> !Double.isNaN(v)).toArray();
        long timeouts = Arrays.stream(made).filter(Double::isInfinite).count();
        if (made.length == 0) {
            return "–";
        }
        double median = Stats.median(made);
        String value = Double.isInfinite(median) ? "timeout" : bytes ? Math.round(median / 1e6) + " MB" : time(median);
        String notes = (timeouts > 0 && !Double.isInfinite(median) ? ", " + timeouts + " timeout" : "")
                + (made.length < runs.length ? ", " + (runs.length - made.length) + " not made" : "");
        return notes.isEmpty() ? value : value + " (" + notes.substring(2) + ")";
    }

    private static String summary(double[] figures) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < figures.length; i++) {
            double v = figures[i];
            s.append(i == 0 ? "" : ", ").append(Double.isNaN(v)
                    ? "–"
                    : Double.isInfinite(v)
                            ? "timeout"
                            : i >= figures.length - 2 ? Math.round(v / 1e6) + " MB" : time(v));
        }
        return s.toString();
    }

    static String time(double ms) {
        return ms >= 1000
                ? String.format(Locale.ROOT, "%.1f s", ms / 1000)
                : ms >= 10 ? String.format(Locale.ROOT, "%.0f ms", ms) : String.format(Locale.ROOT, "%.2f ms", ms);
    }
}
