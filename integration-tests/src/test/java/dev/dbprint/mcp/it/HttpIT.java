package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The loopback HTTP transports (spec §6.2) of one running server: Streamable HTTP sessions at /mcp, the legacy SSE
 * transport at /sse + /messages/, and the body limit (413). The Host (421) and Origin (403) rules are RebindingIT's.
 */
class HttpIT extends ServedOverHttp {

    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"0\"}}}";
    static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}";

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private HttpResponse<String> post(String path, String body, String session) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(15))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            b.header("Mcp-Session-Id", session);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private String initializeSession() throws Exception {
        HttpResponse<String> init = post("/mcp", INITIALIZE, null);
        assertEquals(200, init.statusCode(), init.body());
        return init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    }

    @Test
    void initializeIssuesASessionThatLaterRequestsCarry() throws Exception {
        HttpResponse<String> init = post("/mcp", INITIALIZE, null);
        assertEquals(200, init.statusCode(), init.body());
        assertTrue(init.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        String session = init.headers().firstValue("Mcp-Session-Id").orElse(null);
        assertNotNull(session);
        assertTrue(session.matches("[\\x21-\\x7e]+"), "session id must be visible ASCII: " + session);
        JsonNode result = ServerProcess.parse(init.body()).get("result");
        assertEquals("2025-06-18", result.get("protocolVersion").asText());
        assertEquals("dbprint", result.get("serverInfo").get("name").asText());
        assertEquals(ServerProcess.projectVersion(), result.get("serverInfo").get("version").asText());

        HttpResponse<String> ping = post("/mcp", PING, session);
        assertEquals(200, ping.statusCode(), ping.body());
        assertEquals(2, ServerProcess.parse(ping.body()).get("id").asInt());

        assertTrue(!session.equals(initializeSession()), "each initialize issues its own session");
    }

    @Test
    void notificationIsAcceptedWith202AndNoBody() throws Exception {
        String session = initializeSession();
        HttpResponse<String> r = post("/mcp", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session);
        assertEquals(202, r.statusCode());
        assertEquals("", r.body());
    }

    @Test
    void requestWithoutSessionIs400() throws Exception {
        assertEquals(400, post("/mcp", PING, null).statusCode());
    }

    @Test
    void requestWithUnknownSessionIs404() throws Exception {
        assertEquals(404, post("/mcp", PING, "0123456789abcdef").statusCode());
    }

    @Test
    void deleteEndsTheSession() throws Exception {
        String session = initializeSession();
        HttpRequest delete = HttpRequest.newBuilder(uri("/mcp")).header("Mcp-Session-Id", session).DELETE().build();
        assertEquals(200, http.send(delete, HttpResponse.BodyHandlers.ofString()).statusCode());
        assertEquals(404, post("/mcp", PING, session).statusCode());
        assertEquals(404, http.send(delete, HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    @Test
    void unsupportedProtocolVersionHeaderIs400() throws Exception {
        String session = initializeSession();
        HttpRequest ping = HttpRequest.newBuilder(uri("/mcp")).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("Mcp-Session-Id", session)
                .header("MCP-Protocol-Version", "1999-01-01").POST(HttpRequest.BodyPublishers.ofString(PING)).build();
        HttpResponse<String> r = http.send(ping, HttpResponse.BodyHandlers.ofString());
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("1999-01-01"), r.body());
    }

    @Test
    void postMustDeclareJsonAndAcceptBothReplyForms() {
        Map<String, String> jsonOnly = Map.of("Content-Type", "application/json", "Accept", "application/json");
        assertEquals(406, RawHttp.exchange(port, "POST", "/mcp", host(), jsonOnly, INITIALIZE).status());
        Map<String, String> text = Map.of("Content-Type", "text/plain", "Accept", "application/json, text/event-stream");
        assertEquals(415, RawHttp.exchange(port, "POST", "/mcp", host(), text, INITIALIZE).status());
        Map<String, String> ranges = Map.of("Content-Type", "application/json; charset=utf-8", "Accept", "*/*");
        assertEquals(200, RawHttp.exchange(port, "POST", "/mcp", host(), ranges, INITIALIZE).status());
    }

    @Test
    void aSecondHostHeaderIs400() {
        Map<String, String> second = Map.of("Host", "attacker.example:" + port);
        assertEquals(400, RawHttp.post(port, "/mcp", host(), second, INITIALIZE).status());
    }

    @Test
    void anAbsoluteTargetMustNameTheLoopbackAuthority() {
        assertEquals(421, RawHttp.post(port, "http://attacker.example:" + port + "/mcp", host(), Map.of(), INITIALIZE)
                .status());
        assertEquals(200, RawHttp.post(port, "http://127.0.0.1:" + port + "/mcp", host(), Map.of(), INITIALIZE)
                .status());
    }

    private String host() {
        return "127.0.0.1:" + port;
    }

    /**
     * Java's default client offers HTTP/2 on a first request ({@code Upgrade: h2c}), as {@code curl --http2} does. The
     * server declines the upgrade and answers in HTTP/1.1; were it to upgrade, the request would reach the loopback
     * guard with {@code :authority} instead of {@code Host} and be refused 421.
     */
    @Test
    void aClientOfferingHttp2IsAnsweredInHttp11() throws Exception {
        HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).connectTimeout(Duration.ofSeconds(5))
                .build();
        HttpResponse<String> init = h2.send(HttpRequest.newBuilder(uri("/mcp")).timeout(Duration.ofSeconds(15))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(INITIALIZE)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, init.statusCode(), init.body());
        assertEquals(HttpClient.Version.HTTP_1_1, init.version());
        assertEquals("dbprint", ServerProcess.parse(init.body()).get("result").get("serverInfo").get("name").asText());
    }

    @Test
    void getOnMcpIs405() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri("/mcp")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(405, r.statusCode());
    }

    @Test
    void unparseableBodyIs400WithParseError() throws Exception {
        String session = initializeSession();
        HttpResponse<String> r = post("/mcp", "{nope", session);
        assertEquals(400, r.statusCode());
        JsonNode error = ServerProcess.parse(r.body());
        assertEquals(-32700, error.path("error").path("code").asInt(), r.body());
        assertTrue(error.get("id").isNull());
    }

    @Test
    void bodyOverFourMebibytesIs413() throws Exception {
        String session = initializeSession();
        String big = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\",\"params\":{\"pad\":\""
                + "x".repeat(4 * 1024 * 1024) + "\"}}";
        assertEquals(413, post("/mcp", big, session).statusCode());
        // and the server is still serving
        assertEquals(200, post("/mcp", PING, session).statusCode());
    }

    @Test
    void legacySseAnnouncesAnEndpointAndStreamsReplies() throws Exception {
        HttpResponse<InputStream> stream = http.send(HttpRequest.newBuilder(uri("/sse"))
                .header("Accept", "text/event-stream").GET().build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, stream.statusCode());
        assertTrue(stream.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // stream closed at the end of the test
            }
        });
        reader.setDaemon(true);
        reader.start();
        try {
            String[] endpoint = nextEvent(lines);
            assertEquals("endpoint", endpoint[0]);
            assertTrue(endpoint[1].matches("/messages/\\?session_id=[0-9a-f]+"), endpoint[1]);

            HttpResponse<String> accepted = post(endpoint[1], INITIALIZE, null);
            assertEquals(202, accepted.statusCode(), accepted.body());
            String[] message = nextEvent(lines);
            assertEquals("message", message[0]);
            JsonNode reply = ServerProcess.parse(message[1]);
            assertEquals(1, reply.get("id").asInt());
            assertEquals("dbprint", reply.path("result").path("serverInfo").path("name").asText());

            // a body naming the stateless revision is not served here, where no header would be compared
            HttpResponse<String> modern = post(endpoint[1], "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\","
                    + "\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                    + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}", null);
            assertEquals(400, modern.statusCode(), modern.body());
            assertEquals(-32020, ServerProcess.parse(modern.body()).path("error").path("code").asInt(), modern.body());

            assertEquals(202, post(endpoint[1], PING, null).statusCode());
            String[] pong = nextEvent(lines); // the next event: nothing was sent for the refused request
            assertEquals("message", pong[0]);
            assertEquals(2, ServerProcess.parse(pong[1]).get("id").asInt());

            assertEquals(404, post("/messages/?session_id=deadbeef", PING, null).statusCode());
            assertEquals(400, post("/messages/", PING, null).statusCode());
        } finally {
            stream.body().close();
        }
    }

    /** The next SSE event as {event, data}; fails after 15 s. */
    private static String[] nextEvent(BlockingQueue<String> lines) throws InterruptedException {
        String event = null;
        StringBuilder data = null;
        while (true) {
            String line = lines.poll(15, TimeUnit.SECONDS);
            if (line == null) {
                throw new AssertionError("no SSE event within 15 s");
            }
            if (line.startsWith("event:")) {
                event = line.substring("event:".length()).trim();
            } else if (line.startsWith("data:")) {
                data = (data == null ? new StringBuilder() : data.append('\n')).append(line.substring(5).stripLeading());
            } else if (line.isEmpty() && data != null) {
                return new String[]{event, data.toString()};
            }
        }
    }
}
