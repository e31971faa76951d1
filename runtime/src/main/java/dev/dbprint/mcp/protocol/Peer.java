package dev.dbprint.mcp.protocol;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One client's requests in flight, so that client's {@code notifications/cancelled} can withdraw an answer: a stdio
 * connection, a Streamable HTTP session and a legacy SSE stream each have one, and so does each modern HTTP request. A
 * cancelled request is not answered (a cancellation is only ever a request to stop; the work already done is not
 * undone).
 */
final class Peer {

    /** Request id → whether the client cancelled it. */
    private final Map<JsonNode, Boolean> running = new ConcurrentHashMap<>();

    /**
     * Marks the requests of a message (or of each element of a batch) as running. A {@link Connection} does this as it
     * receives the frame, on the transport's reading thread, so a cancellation read right after finds the request even
     * before a worker has taken it.
     */
    void admit(Message message) {
        if (message.isBatch()) {
            message.batch().forEach(this::admitOne);
        } else {
            admitOne(message);
        }
    }

    private void admitOne(Message message) {
        if (message.isRequest()) {
            running.putIfAbsent(message.id(), Boolean.FALSE);
        }
    }

    /** The client withdrew a request; unknown or finished ids are ignored, as the protocol allows. */
    void cancel(JsonNode id) {
        running.computeIfPresent(id, (k, v) -> Boolean.TRUE);
    }

    boolean cancelled(JsonNode id) {
        return Boolean.TRUE.equals(running.get(id));
    }

    /** Ends a request; true when the client cancelled it, so its answer must not be sent. */
    boolean finish(JsonNode id) {
        return Boolean.TRUE.equals(running.remove(id));
    }
}
