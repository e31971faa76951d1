package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The bounds of the HTTP transport, set small so they can be watched: at most two Streamable HTTP sessions, each gone
 * after 3 s unused, and 2 s for a body to arrive once its headers have.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HttpBoundsIT {

    int port;
    ServerProcess server;

    @BeforeAll
    void start() {
        server = ServerProcess.startHttp(List.of("-Ddbprint.http-limits.max-sessions=2",
                "-Ddbprint.http-limits.session-idle-timeout=3S", "-Ddbprint.http-limits.body-timeout=2S"),
                ServerProcess.fixture("it-project"));
        port = server.awaitListening();
    }

    @AfterAll
    void stop() {
        server.close();
    }

    private RawHttp.Response post(String body, String session) {
        return RawHttp.post(port, "/mcp", "127.0.0.1:" + port,
                session == null ? Map.of() : Map.of("Mcp-Session-Id", session), body);
    }

    @Test
    void sessionsAreCappedAndExpireWhenUnused() throws Exception {
        String first = post(HttpIT.INITIALIZE, null).header("Mcp-Session-Id");
        RawHttp.Response second = post(HttpIT.INITIALIZE, null);
        assertEquals(200, second.status(), second.body());
        RawHttp.Response third = post(HttpIT.INITIALIZE, null);
        assertEquals(503, third.status(), third.body());
        assertEquals(200, post(HttpIT.PING, first).status());

        Thread.sleep(4_000);
        assertEquals(404, post(HttpIT.PING, first).status(), "a session unused for longer than its idle timeout is gone");
        RawHttp.Response fresh = post(HttpIT.INITIALIZE, null);
        assertEquals(200, fresh.status(), "expired sessions no longer count against the cap: " + fresh.body());
        assertEquals(200, post(HttpIT.PING, fresh.header("Mcp-Session-Id")).status());
    }

    @Test
    void aBodyTrickledSlowerThanItsDeadlineIs408AndClosed() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(15_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json, text/event-stream\r\nContent-Length: " + HttpIT.INITIALIZE.length()
                    + "\r\n\r\n" + HttpIT.INITIALIZE.substring(0, 10)).getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            long start = System.nanoTime();
            InputStream in = socket.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(response.startsWith("HTTP/1.1 408"), response);
            assertTrue(millis < 10_000, "answered after " + millis + " ms");
        }
    }
}
