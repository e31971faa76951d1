package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One Streamable HTTP client session against {@code POST /mcp} on 127.0.0.1: {@link #open} sends {@code initialize} and
 * keeps the {@code Mcp-Session-Id}; every later post carries it. Each client owns its own {@link HttpClient} (one
 * keep-alive connection per client), so N instances are N concurrent clients.
 */
public final class McpHttp {

    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(20);

    public record Reply(int status, String body, long nanos) {

        public JsonNode json() {
            return ServerProcess.parse(body);
        }
    }

    private final int port;
    private final HttpClient http;
    private final AtomicInteger ids = new AtomicInteger(1);
    private String session;

    private McpHttp(int port) {
        this.port = port;
        this.http = client();
    }

    /** A client as every test here makes one: HTTP/1.1, which the loopback transports speak, 5 s to connect. */
    static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }

    /** A client that has completed {@code initialize} and {@code notifications/initialized}. */
    public static McpHttp open(int port) {
        McpHttp client = new McpHttp(port);
        ObjectNode params = ServerProcess.JSON.createObjectNode().put("protocolVersion", "2025-06-18");
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "dbprint-it").put("version", "0");
        Reply init = client.post(ServerProcess.write(ServerProcess.message(0, "initialize", params)));
        assertEquals(200, init.status(), init.body());
        Reply ack = client.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        assertEquals(202, ack.status(), ack.body());
        return client;
    }

    /** Posts a body as it stands (with the session once there is one); the status, the body and the round trip. */
    public Reply post(String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .timeout(REQUEST_TIMEOUT).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            b.header("Mcp-Session-Id", session);
        }
        long start = System.nanoTime();
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            if (session == null) {
                session = r.headers().firstValue("Mcp-Session-Id").orElse(null);
            }
            return new Reply(r.statusCode(), r.body(), System.nanoTime() - start);
        } catch (IOException e) {
            throw new UncheckedIOException("POST /mcp failed after " + (System.nanoTime() - start) / 1_000_000 + " ms",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A request with a fresh id; the whole JSON-RPC reply, after checking it is a 200 answering that id. */
    public JsonNode request(String method, JsonNode params) {
        int id = ids.incrementAndGet();
        Reply r = post(ServerProcess.write(ServerProcess.message(id, method, params)));
        assertEquals(200, r.status(), r.body());
        JsonNode reply = r.json();
        assertEquals(id, reply.path("id").asInt(), r.body());
        return reply;
    }

    /** {@code tools/call}: the result object (content, isError). */
    public JsonNode callTool(String name, JsonNode arguments) {
        ObjectNode params = ServerProcess.JSON.createObjectNode().put("name", name);
        params.set("arguments", arguments == null ? ServerProcess.JSON.createObjectNode() : arguments);
        return request("tools/call", params).path("result");
    }

    /** {@code resources/read}: the whole reply (a result or an error). */
    public JsonNode read(String uri) {
        return request("resources/read", ServerProcess.JSON.createObjectNode().put("uri", uri));
    }

    public String session() {
        return session;
    }
}
