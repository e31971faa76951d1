package dev.dbprint.mcp.transport;

import java.time.Duration;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * The bounds a request body must keep before it is read: its declared size, and how long it may take to arrive once
 * the headers have. Either fault ends the exchange and closes the connection, so nothing of it stays in flight for
 * shutdown to wait on: a body declared too large gets 413 before a byte of it is read (a client waiting for
 * {@code 100 Continue} would otherwise wait for ever), one trickled in too slowly gets 408.
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
            refuse(ctx, 413, "Payload Too Large: the body is larger than " + maxBytes + " bytes");
            return;
        }
        if (!ctx.request().isEnded()) {
            long timer = ctx.vertx().setTimer(millis, t -> {
                if (!ctx.request().isEnded() && !ctx.response().ended()) {
                    refuse(ctx, 408, "Request Timeout: the body did not arrive within " + millis + " ms");
                }
            });
            ctx.addEndHandler(v -> ctx.vertx().cancelTimer(timer));
        }
        ctx.next();
    }

    /** A body refused while it may still be arriving: the connection cannot be reused, so it is closed. */
    static void refuse(RoutingContext ctx, int status, String text) {
        ctx.response().setStatusCode(status).putHeader("Connection", "close")
                .putHeader("Content-Type", "text/plain; charset=utf-8").end(text)
                .onComplete(done -> ctx.request().connection().close());
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
