package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Shutdown with work in flight (spec §7.3): SIGTERM while 20 HTTP calls are on the wire answers all 20 whole and exits
 * 0; EOF on stdin right behind a call (or inside one) answers it and exits 0. Stdio SIGTERM with calls in flight is
 * StdioLifecycleIT's.
 */
class InFlightShutdownIT {

    private static final int CALLS = 20;

    /** Twenty calls of several kinds, numbered 1..20. */
    private static String call(int id) {
        return switch (id % 4) {
            case 0 -> "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"resources/list\"}";
            case 1 -> "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/list\"}";
            case 2 -> "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":"
                    + "\"get_reference\",\"arguments\":{\"document\":\"spec\"}}}";
            default -> "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"resources/read\",\"params\":{\"uri\":"
                    + "\"dbprint://shop/manifest\"}}";
        };
    }

    @Test
    void sigtermAnswersEveryHttpCallAlreadySent() throws Exception {
        try (ServerProcess server = ServerProcess.start(SamplePrint.source(), "--transport", "http", "--port", "0")) {
            int port = server.awaitListening();
            String session = McpHttp.open(port).session();
            List<Socket> sockets = new ArrayList<>();
            try {
                for (int id = 1; id <= CALLS; id++) {
                    byte[] body = call(id).getBytes(StandardCharsets.UTF_8);
                    Socket s = new Socket("127.0.0.1", port);
                    s.setSoTimeout(30_000);
                    s.getOutputStream().write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port
                            + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                            + "Mcp-Session-Id: " + session + "\r\nContent-Length: " + body.length
                            + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    s.getOutputStream().write(body);
                    s.getOutputStream().flush();
                    sockets.add(s);
                }
                server.terminate();
                Set<Integer> answered = new TreeSet<>();
                for (int i = 0; i < CALLS; i++) {
                    RawHttp.Response r = RawHttp.parse(read(sockets.get(i)));
                    assertEquals(200, r.status(), "call " + (i + 1) + ": " + r.body() + "\nstderr:\n" + server.stderr());
                    JsonNode reply = ServerProcess.parse(r.body());
                    assertTrue(reply.has("result") || reply.has("error"), r.body());
                    answered.add(reply.get("id").asInt());
                }
                assertEquals(CALLS, answered.size(), answered.toString());
            } finally {
                for (Socket s : sockets) {
                    s.close();
                }
            }
            assertEquals(0, server.waitForExit(), server.stderr());
            assertEquals(List.of(), server.stdoutLines());
        }
    }

    @Test
    void eofRightBehindCallsAnswersThemAndExitsZero() {
        try (ServerProcess server = ServerProcess.start(SamplePrint.source())) {
            server.initialize("2025-11-25");
            StringBuilder burst = new StringBuilder();
            for (int id = 1; id <= CALLS; id++) {
                burst.append(call(id)).append('\n');
            }
            // the last call has no newline: EOF itself ends it
            burst.setLength(burst.length() - 1);
            server.sendRaw(burst.toString().getBytes(StandardCharsets.UTF_8));
            server.closeStdin();
            assertEquals(0, server.waitForExit(), server.stderr());
            Set<Integer> answered = new TreeSet<>();
            for (String line : server.stdoutLines()) {
                JsonNode reply = ServerProcess.parse(line);
                if (reply.path("id").isInt() && reply.get("id").asInt() >= 1 && reply.get("id").asInt() <= CALLS) {
                    assertTrue(reply.has("result") || reply.has("error"), line);
                    answered.add(reply.get("id").asInt());
                }
            }
            assertEquals(CALLS, answered.size(), "answered " + answered + "\nstderr:\n" + server.stderr());
        }
    }

    @Test
    void eofInsideAFrameAnswersItAsAParseErrorAndExitsZero() {
        try (ServerProcess server = ServerProcess.start(SamplePrint.source())) {
            server.initialize("2025-11-25");
            server.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/li".getBytes(StandardCharsets.UTF_8));
            server.closeStdin();
            JsonNode reply = server.readFrame();
            assertEquals(-32700, reply.path("error").path("code").asInt(), reply.toString());
            assertTrue(reply.get("id").isNull());
            assertEquals(0, server.waitForExit(), server.stderr());
        }
    }

    private static byte[] read(Socket s) {
        try {
            return s.getInputStream().readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
