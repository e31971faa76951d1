package dev.dbprint.mcp.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One frame a {@link Connection} has received: either refused already (its answer is ready), or classified and
 * admitted among its peer's requests in flight, to be served by {@link #answer()} on whichever thread the transport
 * chooses. A cancellation the connection receives before then withdraws it.
 */
public final class Turn {

    private final McpDispatcher dispatcher;
    private final Carrier carrier;
    private final Answer refused;
    private final JsonNode message;
    private final Exchange exchange;
    private final Map<String, String> headers;

    private Turn(McpDispatcher dispatcher, Carrier carrier, Answer refused, JsonNode message, Exchange exchange,
            Map<String, String> headers) {
        this.dispatcher = dispatcher;
        this.carrier = carrier;
        this.refused = refused;
        this.message = message;
        this.exchange = exchange;
        this.headers = headers;
    }

    static Turn refused(Answer answer) {
        return new Turn(null, null, answer, null, null, null);
    }

    /** A message to serve under {@code exchange}; {@code headers} go out with its answer (a session's id). */
    static Turn admitted(McpDispatcher dispatcher, Carrier carrier, JsonNode message, Exchange exchange,
            Map<String, String> headers) {
        exchange.peer().admit(message);
        return new Turn(dispatcher, carrier, null, message, exchange, headers);
    }

    /** Whether it was admitted; one that was not is answered at once, where the frame came from. */
    public boolean admitted() {
        return refused == null;
    }

    /**
     * Whether serving it may read print files, and so may take long: a batch, or a request for a tool or a resource.
     * Everything else is answered from memory, and a transport may answer it on its reading thread.
     */
    public boolean readsPrint() {
        return admitted() && (message.isArray()
                || Method.named(message.path("method").asText("")).map(Method::readsPrint).orElse(false));
    }

    /**
     * Serves it (once). A legacy answer is 200, a batch's too; a modern one goes out with its error's status (404 for a
     * method the era does not have, 400 for a malformed request).
     */
    public Answer answer() {
        if (refused != null) {
            return refused;
        }
        McpDispatcher.Reply reply = dispatcher.handle(message, exchange);
        if (reply.body() == null) {
            return Answer.none(headers);
        }
        return Answer.json(exchange.era() == Era.MODERN ? reply.status() : 200, bytes(reply.body()), headers);
    }

    /**
     * The reply's UTF-8. The SSE transport writes its answers as text events, so its bytes are those of the text (a
     * lone surrogate is '?'), as they always were; the others write the bytes straight.
     */
    private byte[] bytes(JsonNode reply) {
        return carrier == Carrier.SSE
                ? dispatcher.write(reply).getBytes(StandardCharsets.UTF_8)
                : dispatcher.writeBytes(reply);
    }
}
