package dev.dbprint.mcp.transport;

import dev.dbprint.mcp.protocol.Answer;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;

/**
 * Writes an HTTP answer: the protocol's, or a refusal the transport makes itself from {@code ProtocolCatalog}, all
 * alike. The one place a response's status, headers and body are set, so a refusal reads the same whichever layer
 * refused.
 */
final class AnswerWriter {

    private AnswerWriter() {
    }

    /** Its headers in order, then its status, its media type (when it has one) and its body; done when it is sent. */
    static Future<Void> write(HttpServerResponse response, Answer answer) {
        answer.headers().forEach(response::putHeader);
        response.setStatusCode(answer.status());
        if (answer.contentType() != null) {
            response.putHeader("Content-Type", answer.contentType());
        }
        return answer.body() == null ? response.end() : response.end(Buffer.buffer(answer.body()));
    }
}
