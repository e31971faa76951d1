package dev.dbprint.mcp.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import dev.dbprint.mcp.error.ProtocolCatalog;
import dev.dbprint.mcp.error.Refusal;

/**
 * What a transport writes for a frame: the body (null when nothing is to be sent: a notification, a response, a
 * cancelled request), its media type, and over HTTP the status and the headers that go before it, in order. Stdio
 * writes the body alone; HTTP writes every answer, refusals included, through one writer.
 */
public record Answer(int status, String contentType, byte[] body, Map<String, String> headers) {

    static final String JSON = "application/json";
    static final String TEXT = "text/plain; charset=utf-8";

    static Answer json(int status, byte[] body, Map<String, String> headers) {
        return new Answer(status, JSON, body, headers);
    }

    /** A request refused in plain text, as {@link ProtocolCatalog} fixed it; typed unless it says otherwise. */
    public static Answer refused(Refusal refusal) {
        return text(refusal.status(), refusal.typed() ? TEXT : null, refusal.text(), refusal.headers());
    }

    /** A plain-text answer that refuses nothing (the 202 acknowledging a legacy SSE message). */
    public static Answer text(int status, String body) {
        return text(status, TEXT, body, Map.of());
    }

    private static Answer text(int status, String contentType, String body, Map<String, String> headers) {
        return new Answer(status, contentType, body.getBytes(StandardCharsets.UTF_8), headers);
    }

    /** Nothing to send: over HTTP, 202 with no body. */
    static Answer none(Map<String, String> headers) {
        return new Answer(202, null, null, headers);
    }

    /** A session's header: the one header a Streamable HTTP answer adds. */
    static Map<String, String> session(String id) {
        return id == null ? Map.of() : Map.of(ProtocolCatalog.SESSION_HEADER, id);
    }
}
