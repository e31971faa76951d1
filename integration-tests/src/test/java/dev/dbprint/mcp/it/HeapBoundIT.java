package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code java -jar} with no heap option: the server's heap is bounded all the same, as the launcher bounds it, by the
 * jar running itself again with {@code -Xmx512m} and the launcher's other JVM options; what the caller sees (frames,
 * stderr, signals, exit codes) is the server's own.
 */
class HeapBoundIT {

    private static final Path SAMPLE = StdioStartupIT.SAMPLE;

    private static ServerProcess plainJavaJar(List<String> jvmOptions, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", ServerProcess.runnerJar().toString()));
        command.addAll(List.of(args));
        return ServerProcess.spawn(new ProcessBuilder(command).directory(SAMPLE.toFile()));
    }

    @Test
    void servesFromACopyBoundedAsTheLauncherBoundsIt() {
        try (ServerProcess server = plainJavaJar(List.of())) {
            JsonNode reply = server.initialize("2025-11-25");
            assertEquals("dbprint", reply.path("result").path("serverInfo").path("name").asText(), reply.toString());
            List<List<String>> copies = server.process().toHandle().children()
                    .map(c -> List.of(c.info().arguments().orElse(new String[0]))).toList();
            assertEquals(1, copies.size(), "one bounded copy: " + copies);
            assertEquals("-Xmx512m", copies.get(0).get(0), copies.toString());
            // and the launcher's other choices for a stdio session
            assertTrue(copies.get(0).containsAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC")),
                    copies.toString());
            JsonNode tables = server.request("tools/call",
                    ServerProcess.JSON.createObjectNode().put("name", "list_tables"));
            assertFalse(tables.path("result").path("isError").asBoolean(true), tables.toString());
            server.closeStdin();
            assertEquals(0, server.waitForExit());
            for (String line : server.stdoutLines()) {
                ServerProcess.parse(line); // frames only
            }
        }
    }

    @Test
    void aSignalReachesTheCopyWhichAnswersWhatItReadAndExitsCleanly() {
        try (ServerProcess server = plainJavaJar(List.of())) {
            server.initialize("2025-11-25");
            int id = server.sendRequest("tools/call", ServerProcess.JSON.createObjectNode().put("name", "list_tables"));
            server.terminate();
            assertEquals(id, server.awaitReply(id).path("id").asInt());
            assertEquals(0, server.waitForExit());
            assertTrue(server.process().toHandle().descendants().findAny().isEmpty(), "the copy is gone");
        }
    }

    @Test
    void aBoundTheCallerGaveIsKeptAndNoCopyIsMade() {
        try (ServerProcess server = plainJavaJar(List.of("-Xmx384m"))) {
            server.initialize("2025-11-25");
            assertEquals(0, server.process().toHandle().children().count());
        }
    }

    @Test
    void refusalsAndTheVersionComeThroughTheCopyUnchanged() {
        try (ServerProcess version = plainJavaJar(List.of(), "--version")) {
            assertEquals(0, version.waitForExit());
            assertEquals(List.of("dbprint-mcp " + ServerProcess.projectVersion()), version.stdoutLines());
        }
        try (ServerProcess refused = plainJavaJar(List.of(), "--no-such-flag")) {
            assertEquals(1, refused.waitForExit(Duration.ofSeconds(60)));
            assertTrue(refused.stderr().startsWith("dbprint-mcp: "), refused.stderr());
            assertEquals(List.of(), refused.stdoutLines());
        }
    }
}
