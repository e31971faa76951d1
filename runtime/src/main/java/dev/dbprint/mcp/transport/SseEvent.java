package dev.dbprint.mcp.transport;

import java.nio.charset.StandardCharsets;

import io.vertx.core.buffer.Buffer;

/**
 * One event of the legacy SSE stream, as written on it: its name, its data (a reply's bytes, which hold no line
 * break, or the endpoint's path), a blank line.
 */
final class SseEvent {

    private SseEvent() {
    }

    static Buffer of(String event, byte[] data) {
        return Buffer.buffer("event: " + event + "\ndata: ").appendBytes(data).appendString("\n\n");
    }

    static Buffer of(String event, String data) {
        return of(event, data.getBytes(StandardCharsets.UTF_8));
    }
}
