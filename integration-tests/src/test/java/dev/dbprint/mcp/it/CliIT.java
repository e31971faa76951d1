package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/** What {@code dbprint serve} refuses at start-up: exit 1, a reason on stderr, nothing on stdout (spec §5.1, §6.2). */
class CliIT {

    private static ServerProcess refused(Path dir, String... args) {
        ServerProcess server = ServerProcess.start(dir, args);
        server.closeStdin();
        int exit = server.waitForExit();
        assertEquals(1, exit, "exit code; stderr:\n" + server.stderr());
        assertEquals(List.of(), server.stdoutLines(), "stdout must stay empty");
        assertTrue(server.stderr().contains("dbprint serve: "), server.stderr());
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
    void helpExitsZeroWithUsageOnStderr() {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"), "--help")) {
            assertEquals(0, server.waitForExit());
            assertEquals(List.of(), server.stdoutLines());
            assertTrue(server.stderr().contains("Usage:"), server.stderr());
        }
    }
}
