package dev.dbprint.mcp.transport;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;

import dev.dbprint.mcp.config.DbprintConfig;
import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.protocol.Era;
import dev.dbprint.mcp.protocol.Exchange;
import dev.dbprint.mcp.protocol.McpDispatcher;
import dev.dbprint.mcp.protocol.ModernRequest;
import dev.dbprint.mcp.protocol.Peer;
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

    public static final String SESSION_HEADER = "Mcp-Session-Id";
    public static final String PROTOCOL_HEADER = "MCP-Protocol-Version";

    @Inject
    McpDispatcher dispatcher;

    @Inject
    DbprintConfig config;

    @Inject
    InFlightRequests requests;

    @Inject
    AcceptQueueFlush acceptQueue;

    /** The open Streamable HTTP sessions. */
    private Sessions sessions;
    /** Legacy SSE streams, by session id. */
    private final Map<String, SseStream> streams = new ConcurrentHashMap<>();

    private record SseStream(HttpServerResponse response, Context context, Peer peer) {

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
        sessions = new Sessions(limits.maxSessions(), limits.sessionIdleTimeout());
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
            reply(ctx, 400, "Bad Request: more than one Host header");
        } else if (!LoopbackGuard.targetAllowed(ctx.request().uri(), port)) {
            ctx.response().setStatusCode(421).end("Misdirected Request: an absolute request target must name "
                    + "http://127.0.0.1, localhost or [::1] on port " + port);
        } else if (!LoopbackGuard.hostAllowed(ctx.request().getHeader("Host"), port)) {
            ctx.response().setStatusCode(421).end("Misdirected Request: Host must be 127.0.0.1, localhost or [::1] on port "
                    + port);
        } else if (!LoopbackGuard.originAllowed(ctx.request().getHeader("Origin"), port)) {
            ctx.response().setStatusCode(403).end("Forbidden: Origin must be a loopback http:// origin on port " + port);
        } else {
            ctx.next();
        }
    }

    private void post(RoutingContext ctx) {
        if (!MediaTypes.accepts(ctx.request().getHeader("Accept"), MediaTypes.JSON)
                || !MediaTypes.accepts(ctx.request().getHeader("Accept"), MediaTypes.EVENT_STREAM)) {
            reply(ctx, 406, "Not Acceptable: Accept must take both " + MediaTypes.JSON + " and "
                    + MediaTypes.EVENT_STREAM);
            return;
        }
        JsonNode message = parse(ctx);
        if (message == null) {
            return;
        }
        String sessionId = ctx.request().getHeader(SESSION_HEADER);
        boolean legacyInitialize = McpDispatcher.isInitialize(message) && ModernRequest.namedVersion(message) == null;
        if (message.isObject() && sessionId == null && !legacyInitialize) {
            modern(ctx, message);
            return;
        }
        if (refusedOnLegacyPath(ctx, message, sessionId != null ? "with " + SESSION_HEADER : "in a batch")) {
            return;
        }
        String asked = ctx.request().getHeader(PROTOCOL_HEADER);
        if (asked != null && Era.of(asked).isEmpty()) {
            reply(ctx, 400, "Bad Request: unsupported " + PROTOCOL_HEADER + " '" + asked + "'. Supported: "
                    + Era.LEGACY.versions());
            return;
        }
        Sessions.Session session;
        if (legacyInitialize) {
            session = sessions.open(Era.LEGACY.agree(message.path("params").path("protocolVersion").asText("")))
                    .orElse(null);
            if (session == null) {
                ctx.response().putHeader("Retry-After", "60");
                reply(ctx, 503, "Service Unavailable: " + config.httpLimits().maxSessions() + " sessions are open, the "
                        + "most this server keeps. End one with DELETE /mcp, or retry once an idle one has expired.");
                return;
            }
        } else {
            if (sessionId == null) {
                reply(ctx, 400, "Bad Request: missing " + SESSION_HEADER + " header; send initialize first");
                return;
            }
            session = sessions.use(sessionId);
            if (session == null) {
                reply(ctx, 404, "Not Found: unknown, ended or expired session " + sessionId);
                return;
            }
        }
        JsonNode answer = dispatcher.handle(message, Exchange.legacy(session.version, session.peer));
        ctx.response().putHeader(SESSION_HEADER, session.id);
        if (answer == null) {
            ctx.response().setStatusCode(202).end();
        } else {
            replyJson(ctx, 200, answer);
        }
    }

    /**
     * A request of the stateless era (no session, not a legacy {@code initialize}): its headers must agree with its
     * body, and it is answered on its own, with no session minted.
     */
    private void modern(RoutingContext ctx, JsonNode message) {
        if (!message.path("method").isTextual() && !message.has("result") && !message.has("error")) {
            // neither a request, a notification nor a response: nothing a 202 could acknowledge
            reply(ctx, 400, "Bad Request: not a JSON-RPC request, notification or response");
            return;
        }
        ProtocolError mismatch = ModernHeaders.mismatch(ctx.request(), message);
        McpDispatcher.Answer answer = mismatch != null
                ? new McpDispatcher.Answer(dispatcher.refusal(message, mismatch), mismatch.httpStatus())
                : dispatcher.answerModern(message, new Peer());
        if (answer.reply() == null) {
            ctx.response().setStatusCode(202).end();
        } else {
            replyJson(ctx, answer.status(), answer.reply());
        }
    }

    /**
     * Refuses, and returns true for, a message that reached a path where only legacy requests are served
     * ({@code where}: how) while its body names its revision or a routing header is repeated: served there, it would
     * run what its body says with no header compared.
     */
    private boolean refusedOnLegacyPath(RoutingContext ctx, JsonNode message, String where) {
        ProtocolError refused = ModernHeaders.onLegacyPath(ctx.request(), message, where);
        if (refused != null) {
            replyJson(ctx, refused.httpStatus(), dispatcher.refusal(message, refused));
        }
        return refused != null;
    }

    private void replyJson(RoutingContext ctx, int status, JsonNode reply) {
        ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json")
                .end(Buffer.buffer(dispatcher.writeBytes(reply)));
    }

    private void delete(RoutingContext ctx) {
        String session = ctx.request().getHeader(SESSION_HEADER);
        if (session == null) {
            reply(ctx, 400, "Bad Request: missing " + SESSION_HEADER + " header");
        } else if (!sessions.end(session)) {
            reply(ctx, 404, "Not Found: unknown, ended or expired session " + session);
        } else {
            ctx.response().setStatusCode(200).end();
        }
    }

    private void openStream(RoutingContext ctx) {
        String session = UUID.randomUUID().toString().replace("-", "");
        HttpServerResponse response = ctx.response();
        response.setChunked(true).putHeader("Content-Type", "text/event-stream").putHeader("Cache-Control", "no-cache")
                .putHeader("Connection", "keep-alive");
        // a stream never completes on its own: shutdown waits for the calls, then ends the streams
        requests.exempt(ctx);
        SseStream stream = new SseStream(response, Vertx.currentContext(), new Peer());
        streams.put(session, stream);
        response.closeHandler(v -> streams.remove(session));
        stream.send("endpoint", "/messages/?session_id=" + session);
    }

    private void message(RoutingContext ctx) {
        String session = ctx.request().getParam("session_id");
        if (session == null) {
            reply(ctx, 400, "Bad Request: session_id is required");
            return;
        }
        SseStream stream = streams.get(session);
        if (stream == null) {
            reply(ctx, 404, "Could not find session " + session);
            return;
        }
        JsonNode message = parse(ctx);
        if (message == null || refusedOnLegacyPath(ctx, message, "on the legacy SSE transport")) {
            return;
        }
        stream.peer().admit(message); // before the 202: the client may cancel as soon as it has it
        // the answer goes out on the stream after the 202 ends this request: shutdown must wait for it too
        Runnable answered = requests.hold();
        try {
            reply(ctx, 202, "Accepted");
            JsonNode answer = dispatcher.handle(message, Exchange.legacy(null, stream.peer()));
            if (answer != null) {
                stream.send("message", dispatcher.write(answer));
            }
        } finally {
            answered.run();
        }
    }

    /**
     * The body as JSON, or null after answering: 415 when it is not declared JSON, 400 with the -32700 error when it is
     * not JSON.
     */
    private JsonNode parse(RoutingContext ctx) {
        if (!MediaTypes.isJson(ctx.request().getHeader("Content-Type"))) {
            reply(ctx, 415, "Unsupported Media Type: Content-Type must be " + MediaTypes.JSON);
            return null;
        }
        String text = ctx.body().asString("UTF-8");
        try {
            return dispatcher.parse(text == null ? "" : text);
        } catch (ProtocolError e) {
            ctx.response().setStatusCode(400).putHeader("Content-Type", "application/json").end(dispatcher.failure(e));
            return null;
        }
    }

    private static void reply(RoutingContext ctx, int status, String text) {
        ctx.response().setStatusCode(status).putHeader("Content-Type", "text/plain; charset=utf-8").end(text);
    }
}
