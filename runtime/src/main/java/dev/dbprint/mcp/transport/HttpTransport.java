package dev.dbprint.mcp.transport;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.DbprintConfig;
import dev.dbprint.mcp.error.ProtocolCatalog;
import dev.dbprint.mcp.error.Refusal;
import dev.dbprint.mcp.protocol.Answer;
import dev.dbprint.mcp.protocol.Connection;
import dev.dbprint.mcp.protocol.Endpoints;
import dev.dbprint.mcp.protocol.Headers;
import dev.dbprint.mcp.protocol.Turn;
import dev.dbprint.mcp.shutdown.AcceptQueueFlush;
import dev.dbprint.mcp.shutdown.InFlightRequests;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

/**
 * The loopback HTTP transports (spec §6.2): Streamable HTTP at {@code POST /mcp} (JSON replies, a session issued at
 * {@code initialize} and required after, {@code DELETE /mcp} ends it), and the legacy HTTP+SSE transport at
 * {@code GET /sse} + {@code POST /messages/?session_id=…}, the URL layout of the Python dbprint server.
 */
@ApplicationScoped
public class HttpTransport {

    /**
     * Fired once Quarkus has booted under HTTP, for the line that says where it listens. Quarkus starts the application
     * only after every listener has bound its port, so the port registered then is the real one ({@code --port 0}).
     */
    public record Listening() {
    }

    /** The paths of both transports. */
    static final Set<String> MCP_PATHS = Set.of("/mcp", "/sse", "/messages", "/messages/");

    @Inject
    Endpoints endpoints;

    @Inject
    DbprintConfig config;

    @Inject
    InFlightRequests requests;

    @Inject
    AcceptQueueFlush acceptQueue;

    /** The Streamable HTTP endpoint, its sessions and its modern requests. */
    private Connection streamable;
    /** Legacy SSE streams, by session id. */
    private final Map<String, SseStream> streams = new ConcurrentHashMap<>();

    private record SseStream(HttpServerResponse response, Context context, Connection connection) {

        void send(Buffer event) {
            context.runOnContext(v -> {
                if (!response.closed()) {
                    response.write(event);
                }
            });
        }
    }

    void routes(@Observes Router router) {
        if (!config.http()) {
            return;
        }
        DbprintConfig.HttpLimits limits = config.httpLimits();
        streamable = endpoints.streamable(limits.maxSessions(), limits.sessionIdleTimeout());
        BodyHandler body = BodyHandler.create(false).setBodyLimit(config.maxMessageBytes());
        // after Quarkus's dev-mode hot-replacement route (Integer.MIN_VALUE, added once these are): a request that
        // triggers a live reload waits there for the restart, uncounted, and is then admitted by the restarted server
        router.route().order(Integer.MIN_VALUE + 1).handler(this::admit);
        router.route().order(Integer.MIN_VALUE + 2).handler(this::guard);
        router.post().order(Integer.MIN_VALUE + 3)
                .handler(new BodyAdmission(config.maxMessageBytes(), limits.bodyTimeout()));
        router.post("/mcp").handler(body).blockingHandler(this::post, false);
        router.delete("/mcp").handler(this::delete);
        router.get("/mcp").handler(ctx -> refuse(ctx, ProtocolCatalog.getNotAllowed()));
        router.get("/sse").handler(this::openStream);
        router.post("/messages").handler(body).blockingHandler(this::message, false);
        router.post("/messages/").handler(body).blockingHandler(this::message, false);
    }

    void closeStreams(@Observes ShutdownEvent event) {
        endStreams();
    }

    /** Ends every open legacy SSE stream; called once shutdown has drained the requests ({@link HttpDrain}) and again at its end. */
    public void endStreams() {
        streams.values().forEach(s -> s.context().runOnContext(v -> {
            if (!s.response().closed()) {
                s.response().end();
            }
        }));
        streams.clear();
    }

    /**
     * Shutdown's own marker requests are answered here; every other request is refused 503 once shutdown refuses, and
     * before, the ones to this transport's paths are counted while in flight. Others (the Dev UI's, whose websocket
     * stays open) are not the calls shutdown waits for.
     */
    private void admit(RoutingContext ctx) {
        if (acceptQueue.answers(ctx)) {
            return;
        }
        if (requests.admit(ctx, MCP_PATHS.contains(ctx.request().path()))) {
            ctx.next();
        } else {
            refuse(ctx, ProtocolCatalog.shuttingDown());
        }
    }

    private void guard(RoutingContext ctx) {
        int port = ctx.request().localAddress().port();
        List<String> hosts = ctx.request().headers().getAll("Host");
        if (hosts.size() > 1) {
            refuse(ctx, ProtocolCatalog.duplicateHost());
        } else if (!LoopbackGuard.targetAllowed(ctx.request().uri(), port)) {
            refuse(ctx, ProtocolCatalog.targetNotLoopback(port));
        } else if (!LoopbackGuard.hostAllowed(ctx.request().getHeader("Host"), port)) {
            refuse(ctx, ProtocolCatalog.hostNotLoopback(port));
        } else if (!LoopbackGuard.originAllowed(ctx.request().getHeader("Origin"), port)) {
            refuse(ctx, ProtocolCatalog.originNotLoopback(port));
        } else {
            ctx.next();
        }
    }

    /** {@code POST /mcp}: the endpoint's connection decides the era, the session and the answer. */
    private void post(RoutingContext ctx) {
        if (!MediaTypes.accepts(ctx.request().getHeader("Accept"), MediaTypes.JSON)
                || !MediaTypes.accepts(ctx.request().getHeader("Accept"), MediaTypes.EVENT_STREAM)) {
            refuse(ctx, ProtocolCatalog.notAcceptable());
            return;
        }
        String text = body(ctx);
        if (text != null) {
            AnswerWriter.write(ctx.response(), streamable.receive(text, headers(ctx)).answer());
        }
    }

    private static Headers headers(RoutingContext ctx) {
        return name -> ctx.request().headers().getAll(name);
    }

    private void delete(RoutingContext ctx) {
        AnswerWriter.write(ctx.response(), streamable.end(headers(ctx)));
    }

    private void openStream(RoutingContext ctx) {
        String session = UUID.randomUUID().toString().replace("-", "");
        HttpServerResponse response = ctx.response();
        response.setChunked(true).putHeader("Content-Type", "text/event-stream").putHeader("Cache-Control", "no-cache")
                .putHeader("Connection", "keep-alive");
        // a stream never completes on its own: shutdown waits for the calls, then ends the streams
        requests.exempt(ctx);
        SseStream stream = new SseStream(response, Vertx.currentContext(), endpoints.sseStream());
        streams.put(session, stream);
        response.closeHandler(v -> streams.remove(session));
        stream.send(SseEvent.of("endpoint", "/messages/?session_id=" + session));
    }

    private void message(RoutingContext ctx) {
        String session = ctx.request().getParam("session_id");
        if (session == null) {
            refuse(ctx, ProtocolCatalog.sseSessionMissing());
            return;
        }
        SseStream stream = streams.get(session);
        if (stream == null) {
            refuse(ctx, ProtocolCatalog.unknownSseSession(session));
            return;
        }
        String text = body(ctx);
        if (text == null) {
            return;
        }
        Turn turn = stream.connection().receive(text, headers(ctx)); // admitted before the 202: the client may cancel
        if (!turn.admitted()) {
            AnswerWriter.write(ctx.response(), turn.answer());
            return;
        }
        // the answer goes out on the stream after the 202 ends this request: shutdown must wait for it too
        Runnable answered = requests.hold();
        try {
            AnswerWriter.write(ctx.response(), Answer.text(202, ProtocolCatalog.accepted()));
            Answer answer = turn.answer();
            if (answer.body() != null) {
                stream.send(SseEvent.of("message", answer.body()));
            }
        } finally {
            answered.run();
        }
    }

    /** The body's text, or null after answering 415 when it is not declared JSON. */
    private static String body(RoutingContext ctx) {
        if (!MediaTypes.isJson(ctx.request().getHeader("Content-Type"))) {
            refuse(ctx, ProtocolCatalog.notJsonContent());
            return null;
        }
        String text = ctx.body().asString("UTF-8");
        return text == null ? "" : text;
    }

    private static void refuse(RoutingContext ctx, Refusal refusal) {
        AnswerWriter.write(ctx.response(), Answer.refused(refusal));
    }
}
