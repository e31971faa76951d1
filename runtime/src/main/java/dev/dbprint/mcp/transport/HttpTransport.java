package dev.dbprint.mcp.transport;

import java.nio.charset.StandardCharsets;
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
import dev.dbprint.mcp.protocol.Answer;
import dev.dbprint.mcp.protocol.Connection;
import dev.dbprint.mcp.protocol.Headers;
import dev.dbprint.mcp.protocol.McpDispatcher;
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
    McpDispatcher dispatcher;

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

        void send(String event, String data) {
            context.runOnContext(v -> {
                if (!response.closed()) {
                    response.write("event: " + event + "\ndata: " + data + "\n\n");
                }
            });
        }
    }

    void routes(@Observes Router router) {
        if (!config.http()) {
            return;
        }
        DbprintConfig.HttpLimits limits = config.httpLimits();
        streamable = dispatcher.streamable(limits.maxSessions(), limits.sessionIdleTimeout());
        BodyHandler body = BodyHandler.create(false).setBodyLimit(config.maxMessageBytes());
        // after Quarkus's dev-mode hot-replacement route (Integer.MIN_VALUE, added once these are): a request that
        // triggers a live reload waits there for the restart, uncounted, and is then admitted by the restarted server
        router.route().order(Integer.MIN_VALUE + 1).handler(this::admit);
        router.route().order(Integer.MIN_VALUE + 2).handler(this::guard);
        router.post().order(Integer.MIN_VALUE + 3)
                .handler(new BodyAdmission(config.maxMessageBytes(), limits.bodyTimeout()));
        router.post("/mcp").handler(body).blockingHandler(this::post, false);
        router.delete("/mcp").handler(this::delete);
        router.get("/mcp").handler(ctx -> ctx.response().setStatusCode(405).putHeader("Allow", "POST, DELETE").end());
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
     * Shutdown's own marker requests are answered here; every other request passes the shutdown's refusal, and the
     * ones to this transport's paths are counted while in flight. Others (the Dev UI's, whose websocket stays open)
     * are not the calls shutdown waits for.
     */
    private void admit(RoutingContext ctx) {
        if (!acceptQueue.answers(ctx)) {
            requests.admit(ctx, MCP_PATHS.contains(ctx.request().path()));
        }
    }

    private void guard(RoutingContext ctx) {
        int port = ctx.request().localAddress().port();
        List<String> hosts = ctx.request().headers().getAll("Host");
        if (hosts.size() > 1) {
            reply(ctx, 400, ProtocolCatalog.duplicateHost());
        } else if (!LoopbackGuard.targetAllowed(ctx.request().uri(), port)) {
            ctx.response().setStatusCode(421).end(ProtocolCatalog.targetNotLoopback(port));
        } else if (!LoopbackGuard.hostAllowed(ctx.request().getHeader("Host"), port)) {
            ctx.response().setStatusCode(421).end(ProtocolCatalog.hostNotLoopback(port));
        } else if (!LoopbackGuard.originAllowed(ctx.request().getHeader("Origin"), port)) {
            ctx.response().setStatusCode(403).end(ProtocolCatalog.originNotLoopback(port));
        } else {
            ctx.next();
        }
    }

    /** {@code POST /mcp}: the endpoint's connection decides the era, the session and the answer. */
    private void post(RoutingContext ctx) {
        if (!MediaTypes.accepts(ctx.request().getHeader("Accept"), MediaTypes.JSON)
                || !MediaTypes.accepts(ctx.request().getHeader("Accept"), MediaTypes.EVENT_STREAM)) {
            reply(ctx, 406, ProtocolCatalog.notAcceptable());
            return;
        }
        String text = body(ctx);
        if (text != null) {
            write(ctx, streamable.receive(text, headers(ctx)).answer());
        }
    }

    /** Writes an answer: its headers, its status, its media type and body, in that order. */
    private static void write(RoutingContext ctx, Answer answer) {
        HttpServerResponse response = ctx.response();
        answer.headers().forEach(response::putHeader);
        response.setStatusCode(answer.status());
        if (answer.contentType() != null) {
            response.putHeader("Content-Type", answer.contentType());
        }
        if (answer.body() == null) {
            response.end();
        } else {
            response.end(Buffer.buffer(answer.body()));
        }
    }

    private static Headers headers(RoutingContext ctx) {
        return name -> ctx.request().headers().getAll(name);
    }

    private void delete(RoutingContext ctx) {
        write(ctx, streamable.end(headers(ctx)));
    }

    private void openStream(RoutingContext ctx) {
        String session = UUID.randomUUID().toString().replace("-", "");
        HttpServerResponse response = ctx.response();
        response.setChunked(true).putHeader("Content-Type", "text/event-stream").putHeader("Cache-Control", "no-cache")
                .putHeader("Connection", "keep-alive");
        // a stream never completes on its own: shutdown waits for the calls, then ends the streams
        requests.exempt(ctx);
        SseStream stream = new SseStream(response, Vertx.currentContext(), dispatcher.sseStream());
        streams.put(session, stream);
        response.closeHandler(v -> streams.remove(session));
        stream.send("endpoint", "/messages/?session_id=" + session);
    }

    private void message(RoutingContext ctx) {
        String session = ctx.request().getParam("session_id");
        if (session == null) {
            reply(ctx, 400, ProtocolCatalog.sseSessionMissing());
            return;
        }
        SseStream stream = streams.get(session);
        if (stream == null) {
            reply(ctx, 404, ProtocolCatalog.unknownSseSession(session));
            return;
        }
        String text = body(ctx);
        if (text == null) {
            return;
        }
        Turn turn = stream.connection().receive(text, headers(ctx)); // admitted before the 202: the client may cancel
        if (!turn.admitted()) {
            write(ctx, turn.answer());
            return;
        }
        // the answer goes out on the stream after the 202 ends this request: shutdown must wait for it too
        Runnable answered = requests.hold();
        try {
            reply(ctx, 202, ProtocolCatalog.accepted());
            Answer answer = turn.answer();
            if (answer.body() != null) {
                stream.send("message", new String(answer.body(), StandardCharsets.UTF_8));
            }
        } finally {
            answered.run();
        }
    }

    /** The body's text, or null after answering 415 when it is not declared JSON. */
    private static String body(RoutingContext ctx) {
        if (!MediaTypes.isJson(ctx.request().getHeader("Content-Type"))) {
            reply(ctx, 415, ProtocolCatalog.notJsonContent());
            return null;
        }
        String text = ctx.body().asString("UTF-8");
        return text == null ? "" : text;
    }

    private static void reply(RoutingContext ctx, int status, String text) {
        ctx.response().setStatusCode(status).putHeader("Content-Type", "text/plain; charset=utf-8").end(text);
    }
}
