package dev.dbprint.mcp.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;

import dev.dbprint.mcp.error.ProtocolCatalog;
import dev.dbprint.mcp.error.ProtocolError;

/**
 * The protocol's front door: a transport hands it a frame's text and the frame's headers, and gets a {@link Turn} back,
 * whose {@link Turn#answer()} says what to write. Everything between is decided here and once: the frame is parsed, its
 * {@code _meta} read, its era told apart by its {@link Carrier}, a modern request's headers compared with its body, a
 * legacy one's session found or minted, and the request admitted among its peer's requests in flight, so its peer's
 * cancellation withdraws it. A stdio connection and a legacy SSE stream are one client each; the Streamable HTTP
 * endpoint is one connection holding a peer per session, and a peer for each modern request, which is an exchange of
 * its own.
 */
public final class Connection {

    private final McpDispatcher dispatcher;
    private final Carrier carrier;
    /** The client of a stdio connection or an SSE stream. */
    private final Peer peer = new Peer();
    /** The Streamable HTTP sessions, null on other carriers. */
    private final Sessions sessions;
    /**
     * The revision the last {@code initialize} of a stdio connection or an SSE stream agreed (null before one): its
     * legacy requests are served under it. Set as the frame is received, so every later frame sees it.
     */
    private volatile String agreed;

    Connection(McpDispatcher dispatcher, Carrier carrier, Sessions sessions) {
        this.dispatcher = dispatcher;
        this.carrier = carrier;
        this.sessions = sessions;
    }

    /** A frame's text in, with the headers it came with ({@link Headers#NONE} on stdio). */
    public Turn receive(String text, Headers headers) {
        JsonNode message;
        try {
            message = dispatcher.parse(text);
        } catch (ProtocolError e) {
            return failed(e);
        }
        RequestMeta meta = RequestMeta.of(message);
        String sessionId = headers.first(ProtocolCatalog.SESSION_HEADER);
        return carrier.era(message, meta, sessionId != null) == Era.MODERN
                ? modern(message, meta, headers)
                : legacy(message, meta, headers, sessionId);
    }

    /** A stdio line longer than {@code limit} bytes, skipped unread. */
    public Answer oversize(long limit) {
        return failed(ProtocolCatalog.frameTooLarge(limit)).answer();
    }

    /** {@code DELETE /mcp}: ends the session the headers name. */
    public Answer end(Headers headers) {
        String id = headers.first(ProtocolCatalog.SESSION_HEADER);
        if (id == null) {
            return Answer.text(400, ProtocolCatalog.deleteWithoutSession());
        }
        return sessions.end(id)
                ? new Answer(200, null, null, Map.of())
                : Answer.text(404, ProtocolCatalog.unknownSession(id));
    }

    /**
     * A request of the stateless era: over HTTP it must be a JSON-RPC message and its headers must agree with its body;
     * a request's {@code _meta} is checked (-32602, -32022); it is then served under the revision it names.
     */
    private Turn modern(JsonNode message, RequestMeta meta, Headers headers) {
        Peer client = peer;
        if (carrier == Carrier.STREAMABLE_HTTP) {
            if (!message.path("method").isTextual() && !message.has("result") && !message.has("error")) {
                // neither a request, a notification nor a response: nothing a 202 could acknowledge
                return Turn.refused(Answer.text(400, ProtocolCatalog.notAMessage()));
            }
            ProtocolError mismatch = ModernHeaders.mismatch(headers, message, meta);
            if (mismatch != null) {
                return refused(message, mismatch);
            }
            client = new Peer();
        }
        String version = Era.MODERN.latest();
        if (RequestId.valid(message.path("id")) && message.path("method").isTextual()) {
            try {
                version = meta.servedVersion();
            } catch (ProtocolError e) {
                return refused(message, e);
            }
        }
        return Turn.admitted(dispatcher, carrier, message, new Exchange(Era.MODERN, version, client), Map.of());
    }

    /** A request of a handshake revision: on stdio under the latest, on HTTP under its session's or stream's. */
    private Turn legacy(JsonNode message, RequestMeta meta, Headers headers, String sessionId) {
        boolean handshake = Carrier.opensSession(message, meta, message.path("method").asText(null));
        if (carrier == Carrier.STDIO) {
            return Turn.admitted(dispatcher, carrier, message, ownExchange(message, handshake), Map.of());
        }
        String where = carrier == Carrier.SSE
                ? ProtocolCatalog.ON_SSE
                : sessionId != null ? ProtocolCatalog.WITH_SESSION : ProtocolCatalog.IN_A_BATCH;
        ProtocolError refused = ModernHeaders.onLegacyPath(headers, message, meta, where);
        if (refused != null) {
            return refused(message, refused);
        }
        if (carrier == Carrier.SSE) {
            return Turn.admitted(dispatcher, carrier, message, ownExchange(message, handshake), Map.of());
        }
        String asked = headers.first(ProtocolCatalog.PROTOCOL_HEADER);
        if (asked != null && Era.of(asked).isEmpty()) {
            return Turn.refused(
                    Answer.text(400, ProtocolCatalog.unsupportedProtocolHeader(asked, Era.LEGACY.versions())));
        }
        Sessions.Session session;
        if (handshake) {
            session = sessions.open(agreement(message)).orElse(null);
            if (session == null) {
                return Turn.refused(Answer.text(503, ProtocolCatalog.sessionsFull(sessions.max()),
                        Map.of("Retry-After", "60")));
            }
        } else {
            if (sessionId == null) {
                return Turn.refused(Answer.text(400, ProtocolCatalog.sessionMissing()));
            }
            session = sessions.use(sessionId);
            if (session == null) {
                return Turn.refused(Answer.text(404, ProtocolCatalog.unknownSession(sessionId)));
            }
        }
        return Turn.admitted(dispatcher, carrier, message, Exchange.legacy(session.version, session.peer),
                Answer.session(session.id));
    }

    /** A legacy request of this connection's one client, under the revision its last handshake agreed. */
    private Exchange ownExchange(JsonNode message, boolean handshake) {
        if (handshake) {
            agreed = agreement(message);
        }
        return Exchange.legacy(agreed, peer);
    }

    /** The revision an {@code initialize} agrees to (what its reply says). */
    private static String agreement(JsonNode initialize) {
        return Era.LEGACY.agree(initialize.path("params").path("protocolVersion").asText(""));
    }

    /** A frame that is not one JSON value: -32700 with id null, HTTP 400. */
    private Turn failed(ProtocolError e) {
        byte[] body = dispatcher.write(dispatcher.refusal(NullNode.instance, e).body()).getBytes(StandardCharsets.UTF_8);
        return Turn.refused(Answer.json(e.httpStatus(), body, Map.of()));
    }

    /** A message refused before dispatch, with its error's status; its id answered when it has one. */
    private Turn refused(JsonNode message, ProtocolError e) {
        McpDispatcher.Reply reply = dispatcher.refusal(message, e);
        return Turn.refused(Answer.json(reply.status(), dispatcher.writeBytes(reply.body()), Map.of()));
    }
}
