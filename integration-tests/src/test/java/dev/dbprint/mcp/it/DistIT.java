package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The release archive ({@code -Pdist}, docs/install.md) installed the documented way into a temporary prefix, on a PATH
 * that holds no {@code java} and with {@code JAVA_HOME} unset: the installed command serves the sample print the
 * archive brings over a stdio session from its own runtime with the start-up cache recorded at build time (the JVM is
 * told to refuse to start without it), finds the jar under the name that cache recorded, and writes nothing beside
 * itself, read-only; a second version installs over it and takes over; a version that does not answer {@code
 * initialize} leaves the one in use in place; uninstall leaves the prefix as it was.
 */
class DistIT {

    /** What the install script and the launcher call, linked into a directory of their own: no java among them. */
    private static final List<String> TOOLS = List.of("sh", "bash", "readlink", "find", "mktemp", "cat", "sed", "grep",
            "dirname", "basename", "ls", "cp", "mv", "ln", "rm", "rmdir", "mkdir", "timeout", "sort", "printf", "nice",
            "chmod", "tar", "gzip", "truncate");

    @TempDir
    Path work;

    @Test
    void installsServesUpgradesAndUninstalls() throws Exception {
        String archive = System.getProperty("dbprint.dist.archive");
        assumeTrue(archive != null, "no release archive: built by -Pdist");
        Path tools = tools();
        Path prefix = work.resolve("prefix");
        Files.createDirectories(prefix.resolve("bin"));
        Files.writeString(prefix.resolve("bin/other-tool"), "not dbprint-mcp's\n");
        Map<String, String> before = snapshot(prefix);
        String name = Path.of(archive).getFileName().toString().replaceFirst("\\.tar\\.gz$", "");
        String version = ServerProcess.projectVersion();

        // the one documented command, but for the prefix
        run(tools, work, "tar -xzf '" + archive + "' && ./" + name + "/install.sh --prefix '" + prefix + "'");
        assertEquals(List.of(), RunnerJarIT.benchmarkEntries(work.resolve(name).resolve("dbprint-mcp-" + version
                + "-runner.jar")), "benchmark code in the archive's jar");
        Path lib = prefix.resolve("lib/dbprint-mcp");
        assertEquals(version, Files.readSymbolicLink(lib.resolve("current")).toString());
        Path installed = lib.resolve(version);
        run(tools, work, "chmod -R a-w '" + installed + "'");
        Map<String, String> files = snapshot(prefix);
        assertServes(tools, prefix, version);
        assertEquals(files, snapshot(prefix), "the session wrote beside the installed copy");
        run(tools, work, "chmod -R u+w '" + installed + "'");

        String next = version + "-next";
        Path upgrade = release(tools, work.resolve(name), version, next);
        run(tools, work, upgrade.resolve("install.sh") + " --prefix '" + prefix + "'");
        assertEquals(next, Files.readSymbolicLink(lib.resolve("current")).toString());
        assertTrue(Files.isDirectory(installed), "the replaced version goes at the next install, not while in use");
        assertServes(tools, prefix, next);

        Path broken = release(tools, work.resolve(name), version, version + "-broken");
        run(tools, broken, "truncate -s 0 dbprint-mcp-" + version + "-broken-runner.jar");
        Outcome failed = process(tools, work, broken.resolve("install.sh") + " --prefix '" + prefix + "'");
        assertNotEquals(0, failed.exit(), "installed a version that cannot answer initialize: " + failed.output());
        assertEquals(next, Files.readSymbolicLink(lib.resolve("current")).toString());
        assertFalse(names(lib).stream().anyMatch(n -> n.contains("broken")), names(lib).toString());
        assertServes(tools, prefix, next);

        run(tools, work, lib.resolve("uninstall.sh").toString());
        assertEquals(before, snapshot(prefix), "uninstall left the prefix otherwise than it found it");
    }

    /**
     * The JBang catalog at the repository's root, which {@code jbang dbprint-mcp@<owner>/<repo>} reads, is the one
     * JReleaser writes for this version: a version bump without it would send JBang users to the previous release.
     */
    @Test
    void rootJbangCatalogIsTheOneJReleaserWrites() throws IOException {
        String written = System.getProperty("dbprint.dist.jbang-catalog");
        assumeTrue(written != null, "no JReleaser output: built by -Pdist");
        JsonNode catalog = ServerProcess.JSON.readTree(Path.of(System.getProperty("dbprint.root"), "jbang-catalog.json")
                .toFile());
        assertEquals(ServerProcess.JSON.readTree(Path.of(written).toFile()), catalog,
                "jbang-catalog.json differs from " + written);
        assertTrue(catalog.path("aliases").path("dbprint-mcp").path("script-ref").asText()
                .endsWith("/v" + ServerProcess.projectVersion() + "/dbprint-mcp-" + ServerProcess.projectVersion()
                        + "-runner.jar"),
                catalog.toString());
    }

    /** The README's first command after installing serves what {@link #assertServes} serves, under the default prefix. */
    @Test
    void readmeTriesTheBundledSample() throws IOException {
        String root = System.getProperty("dbprint.root");
        assumeTrue(root != null, "no repository root: set by -Pdist");
        String readme = Files.readString(Path.of(root, "README.md"));
        assertTrue(readme.contains("dbprint-mcp --project ~/.local/lib/dbprint-mcp/current/sample"),
                "README.md no longer names the bundled sample's installed path");
    }

    /** Initialize and a tool call through {@code <prefix>/bin/dbprint-mcp}, which must use its start-up cache. */
    private void assertServes(Path tools, Path prefix, String version) throws IOException {
        Path current = prefix.resolve("lib/dbprint-mcp").resolve(version);
        boolean aot = names(current).stream().anyMatch(n -> n.endsWith(".aot"));
        // the README's first command after installing: the sample print the archive brings, no source checkout
        ProcessBuilder builder = new ProcessBuilder(prefix.resolve("bin/dbprint-mcp").toString(), "--project",
                prefix.resolve("lib/dbprint-mcp/current/sample").toString()).directory(work.toFile());
        environment(builder, tools);
        // the JVM refuses to start rather than run without the AOT cache the build recorded (from a JDK before 25: the
        // runtime's own class-data-sharing archive); it logs the exceptions it throws, beside the work directory
        Path logs = Files.createTempDirectory(work, "log");
        Path exceptions = logs.resolve("exceptions.log");
        String options = (aot ? "-XX:AOTMode=on" : "-Xshare:on") + " -Ddbprint.index.directory="
                + Files.createTempDirectory(work, "index");
        // the second session finds the index the first filled, as a returning client's does
        for (String logging : List.of("", " -Xlog:exceptions=info:file=" + exceptions + " "
                + TrainedCache.logOption(logs.resolve("classes.log")))) {
            builder.environment().put("DBPRINT_MCP_JAVA_OPTS", options + logging);
            try (ServerProcess server = ServerProcess.spawn(builder)) {
                JsonNode reply = server.initialize("2025-11-25");
                assertEquals("dbprint", reply.path("result").path("serverInfo").path("name").asText(), server.stderr());
                if (aot) { // a stdio session, C1 alone: the cache's method profiles are not replayed (docs/startup.md)
                    String command = commandLine(server);
                    assertTrue(command.contains(" -XX:-AOTReplayTraining "), command);
                }
                JsonNode call = server.request("tools/call",
                        ServerProcess.JSON.createObjectNode().put("name", "list_tables").set("arguments",
                                ServerProcess.JSON.createObjectNode()));
                assertTrue(call.path("result").toString().contains("rental.customer"), call + server.stderr());
                TrainedCache.callEveryKind(server);
                TrainedCache.callPaged(server);
                server.closeStdin();
                assertEquals(0, server.waitForExit(), server.stderr());
            }
        }
        if (aot) { // recorded by the build from a session that called every tool
            TrainedCache.assertLoadedFromCache(logs.resolve("classes.log"));
            // an HTTP server keeps C2, for which the replayed profiles are worth having
            builder.command().addAll(List.of("--transport", "http", "--port", "0"));
            builder.environment().put("DBPRINT_MCP_JAVA_OPTS", options);
            try (ServerProcess server = ServerProcess.spawn(builder)) {
                server.awaitListening();
                String command = commandLine(server);
                assertFalse(command.contains("AOTReplayTraining"), command);
            }
        }
        // the JVM finds the jar under the name the cache recorded it by (the launcher opens it as /dev/fd/9), so it
        // looks the jar up once for the location of the classes it takes from the cache, not failing once per class
        assertFalse(Files.readString(exceptions).contains("in method \"toFileURL\""),
                "the JVM could not resolve the jar the cache was recorded for: see " + exceptions);
    }

    /** The running server's command line, its arguments spaced (the launcher has exec'd the JVM by then). */
    private static String commandLine(ServerProcess server) throws IOException {
        return Files.readString(Path.of("/proc", Long.toString(server.pid()), "cmdline")).replace('\0', ' ');
    }

    /** Another release made from the extracted one: the jar and its cache renamed for {@code version}. */
    private Path release(Path tools, Path extracted, String from, String version) throws Exception {
        Path copy = work.resolve("dbprint-mcp-" + version + "-linux-x86_64");
        run(tools, work, "cp -pR '" + extracted + "' '" + copy + "'");
        try (Stream<Path> files = Files.list(copy)) {
            for (Path file : files.toList()) {
                String named = file.getFileName().toString();
                if (named.startsWith("dbprint-mcp-" + from + "-runner")) {
                    Files.move(file, copy.resolve(named.replace(from, version)));
                }
            }
        }
        return copy;
    }

    private Path tools() throws IOException {
        Path tools = Files.createDirectories(work.resolve("tools"));
        for (String tool : TOOLS) {
            Path found = Stream.of("/usr/bin", "/bin").map(d -> Path.of(d, tool)).filter(Files::isExecutable).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no " + tool + " in /usr/bin or /bin"));
            Files.createSymbolicLink(tools.resolve(tool), found);
        }
        return tools;
    }

    private static void environment(ProcessBuilder builder, Path tools) {
        builder.environment().remove("JAVA_HOME");
        builder.environment().put("PATH", tools.toString());
    }

    private static void run(Path tools, Path directory, String command) throws Exception {
        Outcome outcome = process(tools, directory, command);
        assertEquals(0, outcome.exit(), command + ":\n" + outcome.output());
    }

    /** A shell command's exit status and output (stdout and stderr). */
    private record Outcome(int exit, String output) {
    }

    private static Outcome process(Path tools, Path directory, String command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(tools.resolve("sh").toString(), "-c", command)
                .directory(directory.toFile()).redirectErrorStream(true);
        environment(builder, tools);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), command);
        return new Outcome(process.exitValue(), output);
    }

    /** Every path under {@code root}: a file with its size and modification time, a link with its target. */
    private static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            walk.forEach(path -> {
                try {
                    files.put(root.relativize(path).toString(), Files.isSymbolicLink(path)
                            ? "-> " + Files.readSymbolicLink(path)
                            : Files.isDirectory(path) ? "/" : Files.size(path) + " " + Files.getLastModifiedTime(path));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return files;
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).toList();
        }
    }
}
