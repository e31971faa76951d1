package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** SIGTERM on the HTTP transport is a clean shutdown with exit 0 (spec §7.3), and nothing ever reaches stdout. */
class HttpShutdownIT {

    private static final long PROMPT_MILLIS = 5_000;

    @Test
    void sigtermExitsZero() {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"), "--transport", "http",
                "--port", "0")) {
            int port = server.awaitListening();
            RawHttp.Response init = RawHttp.post(port, "/mcp", "127.0.0.1:" + port, Map.of(),
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\"}}");
            assertEquals(200, init.status(), init.body());
            server.terminate();
            assertEquals(0, server.waitForExit(), server.stderr());
            assertEquals(List.of(), server.stdoutLines());
        }
    }

    @Test
    void anOversizedBodyIsRefusedAtOnceAndSigtermDoesNotWaitForIt() throws Exception {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"), "--transport", "http",
                "--port", "0")) {
            int port = server.awaitListening();
            try (Socket client = new Socket("127.0.0.1", port)) {
                // a client that waits for 100 Continue before sending a body over the limit
                client.getOutputStream().write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port
                        + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                        + "Expect: 100-continue\r\nContent-Length: " + (5 * 1024 * 1024) + "\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                client.getOutputStream().flush();
                client.setSoTimeout(10_000);
                byte[] first = new byte[64];
                int n = client.getInputStream().read(first);
                assertTrue(new String(first, 0, Math.max(n, 0), StandardCharsets.ISO_8859_1).startsWith("HTTP/1.1 413"),
                        new String(first, 0, Math.max(n, 0), StandardCharsets.ISO_8859_1));
                long start = System.nanoTime();
                server.terminate();
                assertEquals(0, server.waitForExit(), server.stderr());
                long millis = (System.nanoTime() - start) / 1_000_000;
                // the refused request is over: shutdown must not wait out quarkus.shutdown.timeout for it
                assertTrue(millis < PROMPT_MILLIS, "exit took " + millis + " ms after SIGTERM");
            }
        }
    }

    @Test
    void sigtermWithAnOpenSseStreamExitsZero() throws Exception {
        try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"), "--transport", "http",
                "--port", "0")) {
            int port = server.awaitListening();
            try (Socket sse = new Socket("127.0.0.1", port)) {
                sse.getOutputStream().write(("GET /sse HTTP/1.1\r\nHost: localhost:" + port
                        + "\r\nAccept: text/event-stream\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                sse.getOutputStream().flush();
                sse.setSoTimeout(10_000);
                byte[] first = new byte[256];
                int n = sse.getInputStream().read(first);
                assertTrue(new String(first, 0, Math.max(n, 0), StandardCharsets.ISO_8859_1).startsWith("HTTP/1.1 200"));
                long start = System.nanoTime();
                server.terminate();
                assertEquals(0, server.waitForExit(), server.stderr());
                long millis = (System.nanoTime() - start) / 1_000_000;
                // an open stream never completes by itself: shutdown must end it, not wait out quarkus.shutdown.timeout
                assertTrue(millis < PROMPT_MILLIS, "exit took " + millis + " ms after SIGTERM");
            }
        }
    }
}
