package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;

/** One server process per test: the handshake version negotiation, clean exits (spec §7.3), and stdout purity (§6.1). */
class StdioLifecycleIT {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"2025-11-25, 2025-11-25", "2025-06-18, 2025-06-18", "2025-03-26, 2025-03-26",
            "2024-11-05, 2024-11-05", "1999-01-01, 2025-11-25"})
    void protocolVersionIsEchoedWhenSupportedElseTheLatest(String asked, String answered) {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
            JsonNode reply = server.initialize(asked);
            assertEquals(answered, reply.path("result").path("protocolVersion").asText(), reply.toString());
            server.closeStdin();
            assertEquals(0, server.waitForExit());
        }
    }

    /** Structured tool results (outputSchema, structuredContent) under the revisions that have them, 2025-06-18 on. */
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({"2025-11-25, true", "2025-06-18, true", "2025-03-26, false", "2024-11-05, false"})
    void structuredResultsFollowTheAgreedRevision(String version, boolean structured) throws Exception {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
            server.initialize(version);
            JsonNode tools = server.request("tools/list", null).path("result").path("tools");
            for (JsonNode tool : tools) {
                boolean declared = List.of("get_diff", "get_manifest", "list_tables", "resolve_value", "search_columns")
                        .contains(tool.path("name").asText());
                assertEquals(structured && declared, tool.has("outputSchema"), tool.path("name").asText());
            }
            JsonNode result = server.request("tools/call", ServerProcess.JSON.createObjectNode().put("name",
                    "list_tables")).path("result");
            assertEquals(structured, result.has("structuredContent"), result.toString());
            if (structured) {
                assertEquals(ServerProcess.JSON.readTree(result.path("content").path(0).path("text").asText()),
                        result.get("structuredContent"));
            }
        }
    }

    @Test
    void eofOnStdinExitsZero() {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
            server.initialize("2025-11-25");
            server.closeStdin();
            assertEquals(0, server.waitForExit(), server.stderr());
            assertEquals(1, server.stdoutLines().size(), String.join("\n", server.stdoutLines()));
        }
    }

    @Test
    void eofBeforeAnyFrameExitsZeroWithEmptyStdout() {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
            server.closeStdin();
            assertEquals(0, server.waitForExit(), server.stderr());
            assertEquals(List.of(), server.stdoutLines());
        }
    }

    @Test
    void callsReadBeforeEofAreAnsweredBeforeExit() {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
            StringBuilder burst = new StringBuilder();
            for (int i = 1; i <= 50; i++) {
                burst.append("{\"jsonrpc\":\"2.0\",\"id\":").append(i).append(",\"method\":\"tools/list\"}\n");
            }
            server.sendRaw(burst.toString().getBytes());
            server.closeStdin();
            assertEquals(0, server.waitForExit(), server.stderr());
            assertEquals(50, ids(server.stdoutLines()).size());
        }
    }

    @RepeatedTest(3) // the frames may still sit in the reader's buffer or the pipe when the signal comes
    void sigtermExitsZeroAndAnswersTheCallSentJustBefore() {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
            server.initialize("2025-11-25");
            StringBuilder burst = new StringBuilder();
            for (int i = 100; i < 120; i++) {
                burst.append("{\"jsonrpc\":\"2.0\",\"id\":").append(i).append(",\"method\":\"tools/list\"}\n");
            }
            server.sendRaw(burst.toString().getBytes());
            server.terminate();
            assertEquals(0, server.waitForExit(), server.stderr());
            Set<Integer> answered = ids(server.stdoutLines());
            for (int i = 100; i < 120; i++) {
                assertTrue(answered.contains(i), "call " + i + " sent before SIGTERM was not answered: " + answered
                        + "\nstdout: " + server.stdoutLines().size() + "\nstderr: " + server.stderr());
            }
        }
    }

    @Test
    void sigintExitsZero() {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
            server.initialize("2025-11-25");
            server.interrupt();
            assertEquals(0, server.waitForExit(), server.stderr());
        }
    }

    @Test
    void stdoutCarriesNothingButFrames() {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
            server.initialize("2025-06-18");
            server.send("not json at all");
            server.send("{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"tools/call\",\"params\":{\"name\":\"nope\"}}");
            server.send("{\"jsonrpc\":\"2.0\",\"id\":\"y\",\"method\":\"resources/read\",\"params\":{\"uri\":\"foo\"}}");
            server.send("{\"jsonrpc\":\"2.0\",\"id\":\"z\",\"method\":\"resources/list\"}");
            server.notify("notifications/initialized", null);
            server.closeStdin();
            assertEquals(0, server.waitForExit(), server.stderr());
            List<String> lines = server.stdoutLines();
            assertEquals(5, lines.size(), String.join("\n", lines));
            for (String line : lines) {
                JsonNode frame = ServerProcess.parse(line);
                assertEquals("2.0", frame.path("jsonrpc").asText(), line);
                assertTrue(frame.has("id"), line);
                assertTrue(frame.has("result") ^ frame.has("error"), line);
            }
        }
    }

    /**
     * A client that closes stdin and never reads stdout: the answers fill the pipe and a write blocks for good. The
     * server still exits 0 once the shutdown bound passes, rather than wait on that write for good.
     */
    @Test
    void eofFromAClientThatReadsNoAnswerStillExits() throws Exception {
        Path stderr = Files.createTempFile("stdio-unread", ".log");
        Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                ServerProcess.LAUNCHER_HEAP, "-Dquarkus.shutdown.timeout=2s", "-jar", ServerProcess.runnerJar().toString())
                .directory(ServerProcess.fixture("it-project").toFile()).redirectError(stderr.toFile()).start();
        try (OutputStream stdin = server.getOutputStream()) {
            StringBuilder calls = new StringBuilder();
            for (int i = 1; i <= 16; i++) { // about 20 KB of answer each: several times what a pipe holds
                calls.append("{\"jsonrpc\":\"2.0\",\"id\":").append(i).append(",\"method\":\"tools/call\",")
                        .append("\"params\":{\"name\":\"get_reference\",\"arguments\":{\"document\":\"spec\"}}}\n");
            }
            stdin.write(calls.toString().getBytes(StandardCharsets.UTF_8));
        }
        try {
            assertTrue(server.waitFor(60, TimeUnit.SECONDS), "still running 60 s after EOF:\n" + Files.readString(stderr));
            assertEquals(0, server.exitValue(), Files.readString(stderr));
            assertTrue(Files.readString(stderr).contains("exiting without them"), Files.readString(stderr));
        } finally {
            server.destroyForcibly();
            Files.deleteIfExists(stderr);
        }
    }

    private static Set<Integer> ids(List<String> lines) {
        Set<Integer> ids = new HashSet<>();
        List<String> bad = new ArrayList<>();
        for (String line : lines) {
            JsonNode frame = ServerProcess.parse(line);
            if (frame.has("result") && frame.path("id").isInt()) {
                ids.add(frame.get("id").asInt());
            } else {
                bad.add(line);
            }
        }
        assertTrue(bad.stream().allMatch(l -> ServerProcess.parse(l).path("id").isInt()), String.join("\n", bad));
        return ids;
    }
}
