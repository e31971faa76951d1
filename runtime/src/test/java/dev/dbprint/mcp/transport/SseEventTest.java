package dev.dbprint.mcp.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The legacy stream's events, byte for byte: a reply's bytes go into the data line as they are. */
class SseEventTest {

    @Test
    void anEventIsItsNameItsDataAndABlankLine() {
        assertArrayEquals("event: endpoint\ndata: /messages/?session_id=ab\n\n".getBytes(StandardCharsets.UTF_8),
                SseEvent.of("endpoint", "/messages/?session_id=ab").getBytes());
        byte[] reply = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"text\":\"é ? 😀\"}}".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"text\":\"é ? 😀\"}}\n\n")
                .getBytes(StandardCharsets.UTF_8), SseEvent.of("message", reply).getBytes());
    }
}
