package dev.dbprint.mcp.protocol;

import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One frame a {@link Connection} has received: either refused already (its answer is ready), or classified and
 * admitted among its peer's requests in flight, with the {@link Method} it names resolved once, to be served by
 * {@link #answer()} on whichever thread the transport chooses. A cancellation the connection receives before then
 * withdraws it.
 */
public final class Turn {

    private final Answer refused;
    private final Batch batch;
    private final Function<JsonNode, byte[]> encoding;
    private final Message message;
    private final Exchange exchange;
    private final Map<String, String> headers;

    private Turn(Answer refused, Batch batch, Function<JsonNode, byte[]> encoding, Message message,
            Exchange exchange, Map<String, String> headers) {
        this.refused = refused;
        this.batch = batch;
        this.encoding = encoding;
        this.message = message;
        this.exchange = exchange;
        this.headers = headers;
    }

    static Turn refused(Answer answer) {
        return new Turn(answer, null, null, null, null, null);
    }

    /**
     * A message to serve under {@code exchange} through {@code batch}, its reply written by {@code encoding};
     * {@code headers} go out with its answer (a session's id).
     */
    static Turn admitted(Batch batch, Function<JsonNode, byte[]> encoding, Message message, Exchange exchange,
            Map<String, String> headers) {
        exchange.peer().admit(message);
        return new Turn(null, batch, encoding, message, exchange, headers);
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
        return admitted() && (message.isBatch() || message.method() != null && message.method().readsPrint());
    }

    /**
     * Serves it (once). A legacy answer is 200, a batch's too; a modern one goes out with its error's status (404 for a
     * method the era does not have, 400 for a malformed request).
     */
    public Answer answer() {
        if (refused != null) {
            return refused;
        }
        Reply reply = batch.serve(message, exchange);
        if (reply.body() == null) {
            return Answer.none(headers);
        }
        return Answer.json(exchange.era() == Era.MODERN ? reply.status() : 200, encoding.apply(reply.body()), headers);
    }
}
