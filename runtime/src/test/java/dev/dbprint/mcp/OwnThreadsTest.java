package dev.dbprint.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The Threads table of CONTRIBUTING.md is the list of the server's own threads and pools: every class of the main code
 * of every module of the server that starts a thread, a pool, a timer or a parallel stream is named there, every class
 * named there starts one, a thread name the table gives is one its class gives, and a thread made by hand is a daemon
 * (so none holds the exit). The benchmarks are left out: they
 * are clients of the server, not part of it.
 */
class OwnThreadsTest {

    /**
     * What starts a thread or hands work to a pool, in code with its comments removed; a thread started through the
     * protocol's {@code SideThread} counts for the class that names it.
     */
    private static final Pattern STARTS = Pattern.compile("new\\s+(?:[\\w.]+\\.)?(?:Thread|ForkJoinPool|ThreadPoolExecutor"
            + "|ScheduledThreadPoolExecutor|Timer)\\s*\\(|extends\\s+(?:Thread|ForkJoinWorkerThread)\\b"
            + "|Thread\\.(?:ofPlatform|ofVirtual|startVirtualThread)\\b|Executors\\s*\\.\\s*new|ForkJoinPool\\.commonPool"
            + "|delayedExecutor|\\w+Async\\s*\\(|\\.parallel\\s*\\(|parallelStream\\s*\\(|SideThread\\.start\\s*\\(");
    /** A thread made by hand (a fork-join pool's are daemons already). */
    private static final Pattern THREAD = Pattern.compile("new\\s+(?:java\\.lang\\.)?Thread\\s*\\(");
    private static final Pattern COMMENT = Pattern.compile("(?s)/\\*.*?\\*/|//[^\\n]*");
    private static final Pattern NAMED = Pattern.compile("`([^`]+)`");

    @Test
    void theTableNamesEveryClassThatStartsAThreadOrPool() throws IOException {
        Map<String, String> sources = new TreeMap<>();
        for (Path root : ArchitectureMapTest.SOURCES) {
            if (root.toString().contains("bench")) {
                continue;
            }
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    // two classes of one simple name are read as one, so neither hides the other
                    sources.merge(f.getFileName().toString().replace(".java", ""), Files.readString(f), String::concat);
                }
            }
        }
        assertEquals(List.of(), mismatches(table(Files.readString(Path.of("../CONTRIBUTING.md"))), sources));
    }

    /**
     * The check itself: a class that starts a pool or thread unlisted, a listed one that starts none, a thread name its
     * class lacks, and a thread made by hand that is no daemon are each reported.
     */
    @Test
    void whatTheTableAndTheCodeDisagreeOnIsReported() {
        Map<String, List<String>> table = table("""
                ## Threads
                | thread | started by | why |
                |---|---|---|
                | `dbprint-a-N` | `Walker` | its reason |
                | `dbprint-b` | `Keeper` | its reason |
                | (the caller's pool) | `Gone`, `Renders` | its reason |

                ## Conventions
                | thread | started by | why |
                | `dbprint-c` | `Elsewhere` | not this section's |
                """);
        assertEquals(Map.of("Walker", List.of("dbprint-a-"), "Keeper", List.of("dbprint-b"), "Gone", List.of(),
                "Renders", List.of()), table);
        Map<String, String> sources = new TreeMap<>(Map.of(
                "Walker", "POOL = new ForkJoinPool(4, f, null, false); t.setName(\"dbprint-a-\" + n);",
                "Keeper", "Executors.newSingleThreadExecutor(r -> new Thread(r, \"dbprint-keeper\"));",
                "Gone", "// new Thread(r, \"dbprint-gone\") is a comment: /* Executors.newFixedThreadPool(2) */",
                "Renders", "rows.parallelStream().map(this::row).toList();",
                "Sneaks", "CompletableFuture.runAsync(() -> warm());",
                "Ticks", "private final java.util.Timer ticks = new java.util.Timer(true);",
                "Holds", "var t = new Thread(this::watch, \"dbprint-holds\"); t.start();",
                "Waits", "ForkJoinPool.managedBlock(blocker); Thread.currentThread().interrupt();",
                "Aside", "SideThread.start(Aside.class, \"dbprint-aside\", \"warming\", this::warm);"));
        assertEquals(List.of("Holds starts a thread that is no daemon, which would hold the exit",
                "Keeper starts a thread that is no daemon, which would hold the exit",
                "Keeper does not give the thread name dbprint-b",
                "Gone is in the Threads table but starts no thread or pool",
                "Aside starts a thread or pool but is not in the Threads table",
                "Holds starts a thread or pool but is not in the Threads table",
                "Sneaks starts a thread or pool but is not in the Threads table",
                "Ticks starts a thread or pool but is not in the Threads table"), mismatches(table, sources));
    }

    /** What disagrees between the table and the sources (each class's code by its simple name). */
    private static List<String> mismatches(Map<String, List<String>> table, Map<String, String> sources) {
        List<String> wrong = new ArrayList<>();
        TreeSet<String> starting = new TreeSet<>();
        sources.forEach((name, code) -> {
            String bare = COMMENT.matcher(code).replaceAll("");
            if (STARTS.matcher(bare).find()) {
                starting.add(name);
            }
            if (THREAD.matcher(bare).find() && !bare.contains("setDaemon(true)")) {
                wrong.add(name + " starts a thread that is no daemon, which would hold the exit");
            }
        });
        table.forEach((name, threads) -> {
            for (String thread : threads) {
                if (!sources.getOrDefault(name, "").contains("\"" + thread)) {
                    wrong.add(name + " does not give the thread name " + thread);
                }
            }
            if (!starting.contains(name)) {
                wrong.add(name + " is in the Threads table but starts no thread or pool");
            }
        });
        starting.stream().filter(name -> !table.containsKey(name))
                .forEach(name -> wrong.add(name + " starts a thread or pool but is not in the Threads table"));
        return wrong;
    }

    /**
     * Each class the Threads section's table names, with the thread names of its row (a trailing {@code N}, a number,
     * left off; none for a row whose first cell names no {@code dbprint-} thread).
     */
    private static Map<String, List<String>> table(String guide) {
        int from = guide.indexOf("## Threads\n");
        assertTrue(from >= 0, "CONTRIBUTING.md has no Threads section");
        int end = guide.indexOf("\n## ", from + 1);
        Map<String, List<String>> classes = new LinkedHashMap<>();
        for (String line : guide.substring(from, end < 0 ? guide.length() : end).split("\n")) {
            String[] cells = line.split("\\|");
            if (!line.startsWith("|") || cells.length < 3) {
                continue;
            }
            List<String> threads = new ArrayList<>();
            for (Matcher m = NAMED.matcher(cells[1]); m.find();) {
                if (m.group(1).startsWith("dbprint-")) {
                    threads.add(m.group(1).replaceFirst("N$", ""));
                }
            }
            for (Matcher m = NAMED.matcher(cells[2]); m.find();) {
                classes.computeIfAbsent(m.group(1), c -> new ArrayList<>()).addAll(threads);
            }
        }
        return classes;
    }
}
