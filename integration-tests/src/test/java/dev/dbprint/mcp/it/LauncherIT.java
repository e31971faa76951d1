package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The launcher the default build puts beside the uber-jar ({@code target/dbprint-mcp}, with the class-data-sharing
 * archive {@code …-runner-jdk<java version>.jsa}): it serves stdio like {@code java -jar}, also through a symlink, and
 * where the archive cannot be used (here: the three files copied elsewhere, so the jar's path no longer matches the
 * recording) the server starts all the same without a JVM warning or error on stderr, stdout carrying frames only, and a
 * cache that fits is recorded for the next start.
 */
class LauncherIT {

    @Test
    void servesStdioWithItsArchive() {
        assertServes(launcher(), "-Xshare:on"); // the JVM refuses to start rather than run without the archive
    }

    /** The build recorded its archive from a session that called every tool: their first calls load from it. */
    @Test
    void itsArchiveHoldsWhatEveryKindOfCallLoads(@TempDir Path logs) throws IOException {
        assertTrained(launcher(), System.getProperty("java.home"), "-Xshare:on", logs.resolve("classes.log"));
    }

    /**
     * Copied elsewhere, the archive no longer fits (it was recorded for the jar at the build's path): the first start
     * serves at once and quietly, and a cache is recorded for the copy — on JDK 17 and 18 by the launcher's own session in
     * the background, with the copy's jar named beside it; on JDK 19+ by the JVM at exit. The next start uses it,
     * {@code -Xshare:on} making the JVM refuse to start without.
     */
    @Test
    void servesStdioWhenItsArchiveDoesNotFitAndRecordsOne(@TempDir Path elsewhere) throws Exception {
        Path launcher = launcher();
        for (Path file : List.of(launcher, ServerProcess.runnerJar(), archive())) {
            Files.copy(file, elsewhere.resolve(file.getFileName().toString()), StandardCopyOption.COPY_ATTRIBUTES);
        }
        Path copy = elsewhere.resolve(launcher.getFileName());
        assertServes(copy, "");
        if (Runtime.version().feature() < 19) {
            // in the interpreter: a dynamic dump keeps a method queued for compilation queued for good (JDK-8306460)
            List<String> recording = recordingIn(elsewhere);
            assertTrue(recording.contains("-Xint"), recording.toString());
        }
        awaitRecording(elsewhere);
        if (Runtime.version().feature() < 19) {
            Path jar = elsewhere.toRealPath().resolve(ServerProcess.runnerJar().getFileName());
            assertEquals(jar.toString(), Files.readString(archive(elsewhere).resolveSibling(
                    archive(elsewhere).getFileName() + ".jar")).strip());
        }
        assertServes(copy, "-Xshare:on");
    }

    /**
     * Waits (five minutes at most) for a launcher's background recording in {@code dir} to end: the launcher takes its
     * lock before it starts the server, and the recording lets it go once the cache is under its name.
     */
    private static void awaitRecording(Path dir) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (names(dir).stream().anyMatch(n -> n.endsWith(".lock")) && System.nanoTime() < deadline) {
            Thread.sleep(500);
        }
        assertFalse(names(dir).stream().anyMatch(n -> n.endsWith(".lock")), "still recording in " + dir);
    }

    /** The arguments of the JVM recording a dynamic archive into {@code dir}, looked for while the recording runs. */
    private static List<String> recordingIn(Path dir) throws IOException, InterruptedException {
        String option = "-XX:ArchiveClassesAtExit=" + dir.toRealPath();
        while (names(dir).stream().anyMatch(n -> n.endsWith(".lock"))) {
            Optional<List<String>> recording = ProcessHandle.allProcesses()
                    .map(p -> p.info().arguments().map(List::of).orElse(List.of()))
                    .filter(arguments -> arguments.stream().anyMatch(a -> a.startsWith(option))).findFirst();
            if (recording.isPresent()) {
                return recording.get();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the recording in " + dir + " ended before it was seen");
    }

    private static List<String> names(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).toList();
        }
    }

    @Test
    void servesWhenSymlinkedFromAnotherFolder(@TempDir Path bin) throws IOException {
        Path link = Files.createSymbolicLink(bin.resolve("dbprint-mcp"), launcher());
        assertServes(link, "-Xshare:on"); // found the jar and its archive beside the link's target
    }

    /**
     * Without {@code JAVA_HOME}, the java on the PATH is followed through its symlinks to its JDK, whose version names
     * the archive: the running JVM was handed it.
     */
    @Test
    void findsTheJdkOfTheJavaOnThePathThroughItsSymlink(@TempDir Path bin) throws Exception {
        Path launcher = launcher();
        Files.createSymbolicLink(bin.resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));
        ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "--project", StdioStartupIT.SAMPLE.toString());
        builder.environment().remove("JAVA_HOME");
        builder.environment().put("PATH", bin + ":/usr/bin:/bin");
        try (ServerProcess server = ServerProcess.spawn(builder)) {
            server.initialize("2025-11-25");
            String flags = flags(server);
            assertTrue(flags.contains("-XX:SharedArchiveFile=" + archive()), flags);
        }
    }

    /**
     * JDK 25 and newer (the one {@code JDK25_HOME} names; skipped without it): a first start from a copy of the launcher
     * and jar alone serves at once and records an AOT cache in the background; the next start uses it, with
     * {@code -XX:AOTMode=on} making the JVM refuse to start rather than run without it.
     */
    @Test
    void recordsAnAotCacheOnJdk25AndUsesIt(@TempDir Path elsewhere) throws Exception {
        String jdk25 = System.getenv("JDK25_HOME");
        assumeTrue(jdk25 != null && !jdk25.isBlank(), "JDK25_HOME names no JDK 25 or newer");
        Path launcher = launcher();
        for (Path file : List.of(launcher, ServerProcess.runnerJar())) {
            Files.copy(file, elsewhere.resolve(file.getFileName().toString()), StandardCopyOption.COPY_ATTRIBUTES);
        }
        Path copy = elsewhere.resolve(launcher.getFileName());
        assertServes(copy, jdk25, "");
        awaitRecording(elsewhere);
        List<String> names = names(elsewhere);
        assertTrue(names.stream().anyMatch(n -> n.endsWith(".aot")) && names.stream().anyMatch(n -> n.endsWith(".aot.jar")),
                "no AOT cache, with the jar it fits named beside it, recorded in " + elsewhere + ": " + names);
        assertServes(copy, jdk25, "-XX:AOTMode=on");
    }

    /**
     * JDK 25 and newer (skipped without {@code JAVA_HOME}): copied with the build's training session and print
     * ({@code dbprint-mcp-training/}), the launcher records its AOT cache from that session, which calls every tool, so
     * the first call of each finds its classes in the cache; and the cache is used without a word on stderr.
     */
    @Test
    void recordsItsAotCacheFromTheBuildsTrainingSession(@TempDir Path elsewhere) throws Exception {
        String jdk25 = System.getenv("JDK25_HOME");
        assumeTrue(jdk25 != null && !jdk25.isBlank(), "JDK25_HOME names no JDK 25 or newer");
        Path launcher = launcher();
        Path training = launcher.resolveSibling("dbprint-mcp-training");
        assertTrue(Files.isRegularFile(training.resolve("session.jsonl")), "no training session beside " + launcher);
        for (Path file : List.of(launcher, ServerProcess.runnerJar())) {
            Files.copy(file, elsewhere.resolve(file.getFileName().toString()), StandardCopyOption.COPY_ATTRIBUTES);
        }
        copyTree(training, elsewhere.resolve(training.getFileName()));
        Path copy = elsewhere.resolve(launcher.getFileName());
        assertServes(copy, jdk25, "");
        awaitRecording(elsewhere);
        assertTrue(names(elsewhere).stream().anyMatch(n -> n.endsWith(".aot")), "no AOT cache in " + elsewhere);
        assertServes(copy, jdk25, "-XX:AOTMode=on");
        assertTrained(copy, jdk25, "-XX:AOTMode=on", elsewhere.resolve("classes.log"));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (var walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Files.copy(p, to.resolve(from.relativize(p).toString()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    /**
     * A session through {@code launcher} that makes every kind of call, its classes taken from the cache, after one that
     * filled the on-disk index, as a returning client's is.
     */
    private static void assertTrained(Path launcher, String javaHome, String javaOptions, Path log) throws IOException {
        everyKindTwice(launcher, javaHome, javaOptions, log, true);
        TrainedCache.assertLoadedFromCache(log);
    }

    /**
     * The first calls of a session on a small print, index warm, set up none of the JDK's security providers: a first
     * digest or SecureRandom in a process costs about 10 ms (the provider list, the Sun provider's entries), which a
     * first list_tables paid.
     */
    @Test
    void aSessionsFirstCallsSetUpNoSecurityProvider(@TempDir Path logs) throws IOException {
        assertEquals(List.of(), firstCallsLoading(logs, " sun.security.jca."));
    }

    /**
     * The first calls of a session make no proxy class: Jackson's first look at a number type it has no serializer
     * registered for read that type's annotations as proxies (the JDK makes their classes as it runs, no start-up cache
     * holds them), milliseconds of interpreted work beside a first list_tables.
     */
    @Test
    void aSessionsFirstCallsMakeNoProxyClass(@TempDir Path logs) throws IOException {
        assertEquals(List.of(), firstCallsLoading(logs, "__dynamic_proxy__"));
    }

    /**
     * The lines holding {@code text} of the class-loading log of a session's first calls on a small print, index warm
     * (the second of {@link #everyKindTwice}), written under {@code logs}.
     */
    private static List<String> firstCallsLoading(Path logs, String text) throws IOException {
        Path log = logs.resolve("classes.log");
        everyKindTwice(launcher(), System.getProperty("java.home"), "", log, false);
        return Files.readAllLines(log).stream().filter(l -> l.contains(text)).toList();
    }

    /**
     * Two sessions that make every kind of call, and when {@code paged} follow a cursor, the second logging its classes
     * to {@code log}.
     */
    private static void everyKindTwice(Path launcher, String javaHome, String javaOptions, Path log, boolean paged) {
        for (String logging : List.of("", " " + TrainedCache.logOption(log))) {
            ProcessBuilder builder = launch(javaHome, launcher, "--project", StdioStartupIT.SAMPLE.toString());
            builder.environment().put("DBPRINT_MCP_JAVA_OPTS", javaOptions + logging);
            try (ServerProcess server = ServerProcess.spawn(builder)) {
                server.initialize("2025-11-25");
                TrainedCache.callEveryKind(server);
                if (paged) {
                    TrainedCache.callPaged(server);
                }
                server.closeStdin();
                assertEquals(0, server.waitForExit(), server.stderr());
            }
        }
    }

    /** Started through the launcher, as an installed copy is, {@code --help} names the command and no jar. */
    @Test
    void helpThroughTheLauncherNamesTheCommandAndNoJar() {
        try (ServerProcess server = ServerProcess.spawn(launch(launcher(), "--help"))) {
            assertEquals(0, server.waitForExit(), server.stderr());
            String usage = String.join("\n", server.stdoutLines());
            assertTrue(usage.startsWith("Usage: dbprint-mcp "), usage);
            assertFalse(usage.contains("java -jar") || usage.contains("runner.jar"), usage);
        }
    }

    /**
     * A stdio session (short, started often) compiles with C1 only and collects with the parallel collector; a
     * long-lived HTTP server keeps C2 and G1. Read from the running JVM's flags.
     */
    @Test
    void tunesTheJvmForStdioSessionsAndForHttpServers() throws Exception {
        try (ServerProcess stdio = ServerProcess.spawn(launch(launcher(), "--project", StdioStartupIT.SAMPLE.toString()))) {
            stdio.initialize("2025-11-25");
            String flags = flags(stdio);
            assertTrue(flags.contains("-XX:TieredStopAtLevel=1") && flags.contains("-XX:+UseParallelGC"), flags);
        }
        try (ServerProcess http = ServerProcess.spawn(launch(launcher(), "--project", StdioStartupIT.SAMPLE.toString(),
                "--transport", "http", "--port", "0"))) {
            http.awaitListening();
            String flags = flags(http);
            assertTrue(flags.contains("-XX:TieredStopAtLevel=4") && flags.contains("-XX:+UseG1GC")
                    && !flags.contains("-XX:+UseParallelGC"), flags);
        }
    }

    /**
     * A collector the user names in {@code DBPRINT_MCP_JAVA_OPTS}, {@code JDK_JAVA_OPTIONS} or {@code JAVA_TOOL_OPTIONS}
     * is the one used: the launcher's parallel collector beside it would stop the JVM before it serves.
     */
    @Test
    void leavesTheCollectorToTheUserWhoNamesOne() throws Exception {
        for (String variable : List.of("DBPRINT_MCP_JAVA_OPTS", "JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS")) {
            ProcessBuilder builder = launch(launcher(), "--project", StdioStartupIT.SAMPLE.toString());
            builder.environment().put(variable, "-Xss1m -XX:+UseSerialGC");
            try (ServerProcess stdio = ServerProcess.spawn(builder)) {
                JsonNode reply = stdio.initialize("2025-11-25");
                assertEquals("dbprint", reply.path("result").path("serverInfo").path("name").asText(), stdio.stderr());
                String flags = flags(stdio);
                assertTrue(flags.contains("-XX:+UseSerialGC") && !flags.contains("-XX:+UseParallelGC"),
                        variable + ": " + flags);
            }
        }
    }

    /**
     * Transparent huge pages for the heap exactly where the kernel grants them on request: its mode {@code [madvise]}.
     * Under {@code [always]} they come unasked, and under {@code [never]} the flag would only print a JVM warning.
     */
    @Test
    void asksForHugePagesWhereTheKernelGrantsThemOnRequest() throws Exception {
        Path mode = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        boolean onRequest = Files.isReadable(mode) && Files.readString(mode).contains("[madvise]");
        try (ServerProcess stdio = ServerProcess.spawn(launch(launcher(), "--project", StdioStartupIT.SAMPLE.toString()))) {
            stdio.initialize("2025-11-25");
            String flags = flags(stdio);
            assertEquals(onRequest, flags.contains("-XX:+UseTransparentHugePages"), flags);
        }
    }

    /**
     * What HotSpot prints itself goes to stderr: a SIGQUIT makes the JVM print a thread dump, which by default lands on
     * stdout between the frames. Stdout stays JSON-RPC frames only, and the server goes on serving.
     */
    @Test
    void aThreadDumpOnSigquitStaysOffStdout() {
        try (ServerProcess server = ServerProcess.spawn(launch(launcher(), "--project", StdioStartupIT.SAMPLE.toString()))) {
            server.initialize("2025-11-25");
            server.quit();
            server.awaitStderr(Pattern.compile("Full thread dump"));
            assertTrue(server.request("tools/list", null).path("result").path("tools").size() > 0, server.stderr());
            server.closeStdin();
            assertEquals(0, server.waitForExit(), server.stderr());
            List<String> lines = server.stdoutLines();
            assertEquals(2, lines.size(), "stdout: " + lines);
            lines.forEach(line -> assertEquals("2.0", ServerProcess.parse(line).path("jsonrpc").asText(), line));
        }
    }

    private static ProcessBuilder launch(Path launcher, String... args) {
        return launch(System.getProperty("java.home"), launcher, args); // the JDK that recorded the archive
    }

    private static ProcessBuilder launch(String javaHome, Path launcher, String... args) {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("JAVA_HOME", javaHome);
        return builder;
    }

    /** The JVM flags of the server's process, as {@code jcmd VM.flags} reports them. */
    private static String flags(ServerProcess server) throws IOException, InterruptedException {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(server.pid()), "VM.flags").redirectErrorStream(true).start();
        String out = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jcmd.waitFor();
        return out;
    }

    private static void assertServes(Path launcher, String javaOptions) {
        assertServes(launcher, System.getProperty("java.home"), javaOptions);
    }

    private static void assertServes(Path launcher, String javaHome, String javaOptions) {
        ProcessBuilder builder = launch(javaHome, launcher, "--project", StdioStartupIT.SAMPLE.toString());
        builder.environment().put("DBPRINT_MCP_JAVA_OPTS", javaOptions);
        try (ServerProcess server = ServerProcess.spawn(builder)) {
            JsonNode reply = server.initialize("2025-11-25");
            assertEquals("dbprint", reply.path("result").path("serverInfo").path("name").asText(), server.stderr());
            server.closeStdin();
            assertEquals(0, server.waitForExit(), server.stderr());
            assertEquals(1, server.stdoutLines().size(), "stdout: " + server.stdoutLines());
            assertFalse(server.stderr().lines().anyMatch(l -> l.matches("(?i).*\\b(warning|error)\\b.*")),
                    "a JVM warning or error on stderr:\n" + server.stderr());
        }
    }

    /** Built by the {@code cds} profile (on by default where bash runs) for the uber-jar only. */
    private static Path launcher() {
        assumeTrue(Artifact.current().kind().equals("uber-jar"), "the launcher starts the uber-jar");
        Path launcher = ServerProcess.runnerJar().resolveSibling("dbprint-mcp");
        assumeTrue(Files.isExecutable(launcher), "no launcher beside the jar (the cds profile did not run)");
        return launcher;
    }

    private static Path archive() {
        return archive(ServerProcess.runnerJar().getParent());
    }

    /** The class-data-sharing archive of the running JDK for the runner jar in {@code dir}. */
    private static Path archive(Path dir) {
        String jar = ServerProcess.runnerJar().getFileName().toString();
        Path archive = dir.resolve(jar.replaceFirst("\\.jar$", "-jdk" + System.getProperty("java.version") + ".jsa"));
        assertTrue(Files.isRegularFile(archive), "no class-data-sharing archive " + archive);
        return archive;
    }
}
