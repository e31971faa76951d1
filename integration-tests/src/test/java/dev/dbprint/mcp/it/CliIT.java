package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What {@code dbprint-mcp} refuses at start-up (exit 1, a reason on stderr, nothing on stdout; spec §5.1, §6.2), and
 * what it says on stderr when asked or once ready.
 */
class CliIT {

    private static ServerProcess refused(Path dir, String... args) {
        ServerProcess server = ServerProcess.start(dir, args);
        server.closeStdin();
        int exit = server.waitForExit();
        assertEquals(1, exit, "exit code; stderr:\n" + server.stderr());
        assertEquals(List.of(), server.stdoutLines(), "stdout must stay empty");
        assertTrue(server.stderr().contains("dbprint-mcp: "), server.stderr());
        return server;
    }

    @Test
    void nonLoopbackHostIsRefused() {
        int port = ServerProcess.freePort();
        try (ServerProcess server = refused(ServerProcess.fixture("it-project"), "--transport", "http", "--host",
                "0.0.0.0", "--port", Integer.toString(port))) {
            assertTrue(server.stderr().contains("0.0.0.0"), server.stderr());
            assertTrue(server.stderr().contains("loopback"), server.stderr());
        }
    }

    @Test
    void publicAddressIsRefused() {
        try (ServerProcess server = refused(ServerProcess.fixture("it-project"), "--transport=http", "--host=192.0.2.1",
                "--port=" + ServerProcess.freePort())) {
            assertTrue(server.stderr().contains("192.0.2.1"), server.stderr());
        }
    }

    @Test
    void httpWithoutPortIsRefused() {
        try (ServerProcess server = refused(ServerProcess.fixture("it-project"), "--transport", "http")) {
            assertTrue(server.stderr().contains("--port"), server.stderr());
        }
    }

    @Test
    void badPortIsRefused() {
        refused(ServerProcess.fixture("it-project"), "--transport", "http", "--port", "70000").close();
        refused(ServerProcess.fixture("it-project"), "--transport", "http", "--port", "eighty").close();
    }

    @Test
    void unknownTransportOrOptionIsRefused() {
        refused(ServerProcess.fixture("it-project"), "--transport", "websocket").close();
        refused(ServerProcess.fixture("it-project"), "--verbose").close();
        refused(ServerProcess.fixture("it-project"), "--port", "8080").close();
    }

    @Test
    void severalConnectionsWithoutAutoAreRefusedListingTheNames() {
        try (ServerProcess server = refused(ServerProcess.fixture("it-multi"))) {
            assertTrue(server.stderr().contains("Valid names: ['alpha', 'beta']"), server.stderr());
        }
    }

    @Test
    void unknownConnectionIsRefused() {
        try (ServerProcess server = refused(ServerProcess.fixture("it-project"), "nope")) {
            assertTrue(server.stderr().contains("connection 'nope' not in .dbprint.yaml. Configured: ['shop']"),
                    server.stderr());
        }
    }

    @Test
    void noProjectFoundIsRefused(@TempDir Path empty) {
        try (ServerProcess server = refused(empty)) {
            assertTrue(server.stderr().contains("no .dbprint.yaml found"), server.stderr());
        }
    }

    @Test
    void brokenDbprintYamlIsRefusedWithTheParsersLinesKept(@TempDir Path project) throws IOException {
        Files.writeString(project.resolve(".dbprint.yaml"), "connections:\n  shop: [1\n  other: {}\n");
        try (ServerProcess server = refused(project)) {
            List<String> lines = server.stderr().lines().toList();
            int quoted = lines.indexOf("      other: {}");
            assertTrue(quoted > 0, server.stderr());
            // the parser's marker, on the line below the one it quotes, under the ':' it could not take
            assertEquals(lines.get(quoted).indexOf(':'), lines.get(quoted + 1).indexOf('^'), server.stderr());
        }
    }

    @Test
    void namingAConnectionServesItFromAMultiConnectionProject() {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-multi"), "beta")) {
            JsonNode reply = server.initialize("2025-11-25");
            assertEquals("dbprint", reply.path("result").path("serverInfo").path("name").asText(), server.stderr());
            server.closeStdin();
            assertEquals(0, server.waitForExit());
        }
    }

    @Test
    void projectFlagLocatesTheProjectFromAnywhere(@TempDir Path elsewhere) {
        try (ServerProcess server = ServerProcess.start(elsewhere, "--project",
                ServerProcess.fixture("it-project").toString())) {
            assertEquals("dbprint", server.initialize("2025-11-25").path("result").path("serverInfo").path("name")
                    .asText(), server.stderr());
            server.closeStdin();
            assertEquals(0, server.waitForExit());
        }
    }

    @Test
    void helpExitsZeroWithUsageOnStdoutNamingTheRealArtifacts() {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"), "--help")) {
            assertEquals(0, server.waitForExit());
            assertEquals("", server.stderr());
            String usage = String.join("\n", server.stdoutLines());
            assertTrue(usage.startsWith("Usage: dbprint-mcp "), usage);
            String jar = ServerProcess.runnerJar().getFileName().toString();
            assertTrue(usage.contains("java -jar " + jar + " "), jar + " not in:\n" + usage);
        }
    }

    /**
     * One version everywhere, the project's: {@code --version} (on stdout), {@code serverInfo.version} of
     * {@code initialize}, and the artifact's name all come from the POM's version, recorded at build time.
     */
    @Test
    void versionIsTheProjectVersionOnStdoutInServerInfoAndInTheJarName() {
        String version = ServerProcess.projectVersion();
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"), "--version")) {
            assertEquals(0, server.waitForExit());
            assertEquals("", server.stderr());
            assertEquals(List.of("dbprint-mcp " + version), server.stdoutLines());
        }
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
            JsonNode info = server.initialize("2025-11-25").path("result").path("serverInfo");
            assertEquals(version, info.path("version").asText(), server.stderr());
            server.closeStdin();
            assertEquals(0, server.waitForExit());
        }
        assertEquals("dbprint-mcp-" + version + "-runner.jar", ServerProcess.runnerJar().getFileName().toString());
    }

    /**
     * The changelog keeps the Keep-a-Changelog shape: an Unreleased section first, then released versions, newest first,
     * each with its date, none twice.
     */
    @Test
    void theChangelogLeadsWithUnreleasedAndReleasesNoVersionTwice() throws IOException {
        Path root = Path.of(System.getProperty("sample.project")).toAbsolutePath().normalize().getParent().getParent();
        List<String> headings = Files.readAllLines(root.resolve("CHANGELOG.md")).stream()
                .filter(l -> l.startsWith("## ")).toList();
        assertEquals("## [Unreleased]", headings.get(0), headings.toString());
        List<String> released = headings.subList(1, headings.size());
        for (String h : released) {
            assertTrue(h.matches("## \\[\\d+\\.\\d+\\.\\d+\\] - \\d{4}-\\d{2}-\\d{2}"), h);
        }
        assertEquals(released.size(), released.stream().distinct().count(), released.toString());
    }

    /** A line that does not parse gets its reason and the usage on stderr; one that parses but cannot serve, only its reason. */
    @Test
    void aUsageErrorPrintsTheUsageOnStderr() {
        try (ServerProcess server = refused(ServerProcess.fixture("it-project"), "--verbose")) {
            assertTrue(server.stderr().startsWith("dbprint-mcp: unknown option --verbose\nUsage: dbprint-mcp "),
                    server.stderr());
            assertTrue(server.stderr().contains("--help            show this text and exit"), server.stderr());
        }
        try (ServerProcess server = refused(ServerProcess.fixture("it-project"), "--project")) {
            assertTrue(server.stderr().startsWith("dbprint-mcp: --project needs a value\nUsage: "), server.stderr());
        }
        try (ServerProcess server = refused(ServerProcess.fixture("it-project"), "nope")) {
            assertFalse(server.stderr().contains("Usage:"), server.stderr());
        }
    }

    @Test
    void stdioSaysOnStderrThatItWaitsForAClient() {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
            server.awaitStderr(Pattern.compile("dbprint-mcp \\S+: serving shop of \\S+\\.dbprint\\.yaml over stdio, "
                    + "waiting for an MCP client on stdin"));
            server.initialize("2025-11-25");
            server.closeStdin();
            assertEquals(0, server.waitForExit());
            assertEquals(1, server.stderr().lines().count(), server.stderr());
        }
    }

    /** {@code --port 0}: the OS picks a free port, and the ready line names the URL with it. */
    @Test
    void portZeroBindsAFreePortAndPrintsTheUrls() {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"), "--transport", "http",
                "--port", "0")) {
            Matcher ready = server.awaitStderr(Pattern.compile(
                    "serving shop of \\S+ over HTTP at http://127\\.0\\.0\\.1:(\\d+)/mcp \\(Streamable HTTP\\) and "
                            + "http://127\\.0\\.0\\.1:(\\d+)/sse"));
            int port = Integer.parseInt(ready.group(1));
            assertTrue(port > 0, ready.group());
            assertEquals(ready.group(1), ready.group(2));
            McpHttp client = McpHttp.open(port);
            McpHttp.Reply tools = client.post(
                    ServerProcess.write(ServerProcess.message(1, "tools/list", ServerProcess.JSON.createObjectNode())));
            assertEquals(200, tools.status(), tools.body());
            assertTrue(tools.body().contains("\"list_tables\""), tools.body());
        }
    }

    @Test
    void aTakenPortIsRefusedInOneLineOfOurOwn() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                ServerProcess server = refused(ServerProcess.fixture("it-project"), "--transport", "http", "--port",
                        Integer.toString(taken.getLocalPort()))) {
            assertEquals("dbprint-mcp: port " + taken.getLocalPort()
                    + " on 127.0.0.1 is already in use; choose another with --port N, or --port 0 for any free port\n",
                    server.stderr());
        }
    }
}
