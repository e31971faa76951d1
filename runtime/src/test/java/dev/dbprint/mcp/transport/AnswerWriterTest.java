package dev.dbprint.mcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.error.ProtocolCatalog;
import dev.dbprint.mcp.protocol.Answer;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;

/**
 * Every plain-text answer the HTTP transports send, as the bytes a client reads: each refusal with its status, the
 * headers before its own (Retry-After, Connection: close, Allow), and a Content-Type on every one but the loopback
 * guard's 421 and 403, which never had one, and the 405, which has no body. A real Vert.x server on a free loopback
 * port writes them through {@link AnswerWriter}.
 */
class AnswerWriterTest {

    /** Path → the answer written for it. */
    private static final Map<String, Answer> ANSWERS = new LinkedHashMap<>();
    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?i)\r\ncontent-length: (\\d+)\r\n");
    private static Vertx vertx;
    private static int port;

    @BeforeAll
    static void serve() throws Exception {
        ANSWERS.put("/400", Answer.refused(ProtocolCatalog.duplicateHost()));
        ANSWERS.put("/421", Answer.refused(ProtocolCatalog.hostNotLoopback(8)));
        ANSWERS.put("/403", Answer.refused(ProtocolCatalog.originNotLoopback(8)));
        ANSWERS.put("/406", Answer.refused(ProtocolCatalog.notAcceptable()));
        ANSWERS.put("/415", Answer.refused(ProtocolCatalog.notJsonContent()));
        ANSWERS.put("/413", Answer.refused(ProtocolCatalog.tooLarge(9)));
        ANSWERS.put("/408", Answer.refused(ProtocolCatalog.bodyTooSlow(7)));
        ANSWERS.put("/503", Answer.refused(ProtocolCatalog.shuttingDown()));
        ANSWERS.put("/503-full", Answer.refused(ProtocolCatalog.sessionsFull(1)));
        ANSWERS.put("/404", Answer.refused(ProtocolCatalog.unknownSession("s")));
        ANSWERS.put("/405", Answer.refused(ProtocolCatalog.getNotAllowed()));
        ANSWERS.put("/202", Answer.text(202, ProtocolCatalog.accepted()));
        vertx = Vertx.vertx();
        HttpServer server = vertx.createHttpServer()
                .requestHandler(request -> AnswerWriter.write(request.response(), ANSWERS.get(request.path())))
                .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        port = server.actualPort();
    }

    @AfterAll
    static void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    /** What a client reads for a GET of {@code path}: the head, and as many bytes of body as it declares. */
    private static String read(String path) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream response = new ByteArrayOutputStream();
            while (!response.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                response.write(in.read());
            }
            Matcher length = CONTENT_LENGTH.matcher(response.toString(StandardCharsets.ISO_8859_1));
            response.write(in.readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0));
            return response.toString(StandardCharsets.UTF_8);
        }
    }

    private static String typed(String status, List<String> before, String text) {
        StringBuilder head = new StringBuilder("HTTP/1.1 " + status + "\r\n");
        before.forEach(h -> head.append(h).append("\r\n"));
        return head + "Content-Type: text/plain; charset=utf-8\r\ncontent-length: "
                + text.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + text;
    }

    @Test
    void everyRefusalGoesOutWithItsStatusHeadersAndText() throws IOException {
        assertEquals(typed("400 Bad Request", List.of(), "Bad Request: more than one Host header"), read("/400"));
        assertEquals(typed("406 Not Acceptable", List.of(),
                "Not Acceptable: Accept must take both application/json and text/event-stream"), read("/406"));
        assertEquals(typed("415 Unsupported Media Type", List.of(),
                "Unsupported Media Type: Content-Type must be application/json"), read("/415"));
        assertEquals(typed("413 Request Entity Too Large", List.of(),
                "Payload Too Large: the body is larger than 9 bytes"), read("/413"));
        assertEquals(typed("408 Request Timeout", List.of("Connection: close"),
                "Request Timeout: the body did not arrive within 7 ms"), read("/408"));
        assertEquals(typed("503 Service Unavailable", List.of("Connection: close"),
                "Service Unavailable: the server is shutting down"), read("/503"));
        assertEquals(typed("503 Service Unavailable", List.of("Retry-After: 60"),
                "Service Unavailable: 1 sessions are open, the most this server keeps. End one with DELETE /mcp, or "
                        + "retry once an idle one has expired."),
                read("/503-full"));
        assertEquals(typed("404 Not Found", List.of(), "Not Found: unknown, ended or expired session s"), read("/404"));
        assertEquals(typed("202 Accepted", List.of(), "Accepted"), read("/202"));
    }

    @Test
    void getOnTheStreamableEndpointSaysWhatItTakesWithNoBody() throws IOException {
        assertEquals("HTTP/1.1 405 Method Not Allowed\r\nAllow: POST, DELETE\r\ncontent-length: 0\r\n\r\n",
                read("/405"));
    }

    @Test
    void theLoopbackGuardsRefusalsNameNoMediaType() throws IOException {
        String host = "Misdirected Request: Host must be 127.0.0.1, localhost or [::1] on port 8";
        assertEquals("HTTP/1.1 421 Misdirected Request\r\ncontent-length: " + host.length() + "\r\n\r\n" + host,
                read("/421"));
        String origin = "Forbidden: Origin must be a loopback http:// origin on port 8";
        assertEquals("HTTP/1.1 403 Forbidden\r\ncontent-length: " + origin.length() + "\r\n\r\n" + origin,
                read("/403"));
    }
}
