package dev.dbprint.mcp.transport;

import java.time.Duration;

import dev.dbprint.mcp.error.ProtocolCatalog;
import dev.dbprint.mcp.protocol.Answer;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * The bounds a request body must keep before it is read: its declared size, and how long it may take to arrive once
 * the headers have. Either fault ends the exchange at once, so nothing of it stays in flight for shutdown to wait on: a
 * body declared too large gets 413 before a byte of it is read (a client waiting for {@code 100 Continue} would
 * otherwise wait for ever; one that sends the body anyway has it read and discarded, so it can still read the 413),
 * one trickled in too slowly gets 408 and its connection is closed.
 */
final class BodyAdmission implements Handler<RoutingContext> {

    private final long maxBytes;
    private final long millis;

    BodyAdmission(long maxBytes, Duration limit) {
        this.maxBytes = maxBytes;
        this.millis = Math.max(1, limit.toMillis());
    }

    @Override
    public void handle(RoutingContext ctx) {
        if (declaredLength(ctx) > maxBytes) {
            ctx.request().handler(discarded -> {
            }).resume();
            AnswerWriter.write(ctx.response(), Answer.refused(ProtocolCatalog.tooLarge(maxBytes)));
            return;
        }
        if (!ctx.request().isEnded()) {
            long timer = ctx.vertx().setTimer(millis, t -> {
                if (!ctx.request().isEnded() && !ctx.response().ended()) {
                    AnswerWriter.write(ctx.response(), Answer.refused(ProtocolCatalog.bodyTooSlow(millis)))
                            .onComplete(done -> ctx.request().connection().close());
                }
            });
            ctx.addEndHandler(v -> ctx.vertx().cancelTimer(timer));
        }
        ctx.next();
    }

    private static long declaredLength(RoutingContext ctx) {
        String length = ctx.request().getHeader("Content-Length");
        try {
            return length == null ? -1 : Long.parseLong(length.strip());
        } catch (NumberFormatException e) {
            return -1; // Vert.x refuses a malformed length before any route runs
        }
    }
}
