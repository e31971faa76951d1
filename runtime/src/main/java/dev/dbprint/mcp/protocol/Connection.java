package dev.dbprint.mcp.protocol;

import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;

import dev.dbprint.mcp.error.ProtocolCatalog;
import dev.dbprint.mcp.error.ProtocolError;

/**
 * The protocol's front door: a transport hands it a frame's text and the frame's headers, and gets a {@link Turn} back,
 * whose {@link Turn#answer()} says what to write. Everything between is decided here and once: the frame is parsed, its
 * method and {@code _meta} read, its era told apart by its {@link Carrier}, a modern request's headers compared with its
 * body, a legacy one's session found or minted, and the request admitted among its peer's requests in flight, so its
 * peer's cancellation withdraws it. A stdio connection and a legacy SSE stream are one client each; the Streamable HTTP
 * endpoint is one connection holding a peer per session, and a peer for each modern request, which is an exchange of
 * its own. {@link Endpoints} makes them.
 */
public final class Connection {

    private final JsonCodec codec;
    private final Batch batch;
    private final Carrier carrier;
    /**
     * How its replies become bytes: written straight, but on the legacy SSE stream as text first, as they always were
     * (a lone surrogate is '?' there).
     */
    private final Function<JsonNode, byte[]> encoding;
    /** The client of a stdio connection or an SSE stream. */
    private final Peer peer = new Peer();
    /** The Streamable HTTP sessions, null on other carriers. */
    private final Sessions sessions;
    /**
     * The revision the last {@code initialize} of a stdio connection or an SSE stream agreed (null before one): its
     * legacy requests are served under it. Set as the frame is received, so every later frame sees it.
     */
    private volatile String agreed;

    Connection(JsonCodec codec, Batch batch, Carrier carrier, Sessions sessions) {
        this.codec = codec;
        this.batch = batch;
        this.carrier = carrier;
        this.sessions = sessions;
        this.encoding = carrier == Carrier.SSE ? codec::textBytes : codec::bytes;
    }

    /** A frame's text in, with the headers it came with ({@link Headers#NONE} on stdio). */
    public Turn receive(String text, Headers headers) {
        Message message;
        try {
            message = Message.of(codec.parse(text));
        } catch (ProtocolError e) {
            return failed(e);
        }
        RequestMeta meta = RequestMeta.of(message.json());
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
            return Answer.refused(ProtocolCatalog.deleteWithoutSession());
        }
        return sessions.end(id)
                ? new Answer(200, null, null, Map.of())
                : Answer.refused(ProtocolCatalog.unknownSession(id));
    }

    /**
     * A request of the stateless era: over HTTP it must be a JSON-RPC message and its headers must agree with its body;
     * a request's {@code _meta} is checked (-32602, -32022); it is then served under the revision it names.
     */
    private Turn modern(Message message, RequestMeta meta, Headers headers) {
        Peer client = peer;
        if (carrier == Carrier.STREAMABLE_HTTP) {
            if (message.name() == null && !message.isResponse()) {
                // neither a request, a notification nor a response: nothing a 202 could acknowledge
                return Turn.refused(Answer.refused(ProtocolCatalog.notAMessage()));
            }
            ProtocolError mismatch = ModernHeaders.mismatch(headers, message, meta);
            if (mismatch != null) {
                return refused(message, mismatch);
            }
            client = new Peer();
        }
        String version = Era.MODERN.latest();
        if (message.isRequest()) {
            try {
                version = meta.servedVersion();
            } catch (ProtocolError e) {
                return refused(message, e);
            }
        }
        return admitted(message, new Exchange(Era.MODERN, version, client), Map.of());
    }

    /** A request of a handshake revision: on stdio under the latest, on HTTP under its session's or stream's. */
    private Turn legacy(Message message, RequestMeta meta, Headers headers, String sessionId) {
        boolean handshake = Carrier.opensSession(message, meta);
        if (carrier == Carrier.STDIO) {
            return admitted(message, ownExchange(message.json(), handshake), Map.of());
        }
        String where = carrier == Carrier.SSE
                ? ProtocolCatalog.ON_SSE
                : sessionId != null ? ProtocolCatalog.WITH_SESSION : ProtocolCatalog.IN_A_BATCH;
        ProtocolError refused = ModernHeaders.onLegacyPath(headers, message.json(), meta, where);
        if (refused != null) {
            return refused(message, refused);
        }
        if (carrier == Carrier.SSE) {
            return admitted(message, ownExchange(message.json(), handshake), Map.of());
        }
        String asked = headers.first(ProtocolCatalog.PROTOCOL_HEADER);
        if (asked != null && Era.of(asked).isEmpty()) {
            return Turn.refused(Answer.refused(ProtocolCatalog.unsupportedProtocolHeader(asked, Era.LEGACY.versions())));
        }
        Sessions.Session session;
        if (handshake) {
            session = sessions.open(agreement(message.json())).orElse(null);
            if (session == null) {
                return Turn.refused(Answer.refused(ProtocolCatalog.sessionsFull(sessions.max())));
            }
        } else {
            if (sessionId == null) {
                return Turn.refused(Answer.refused(ProtocolCatalog.sessionMissing()));
            }
            session = sessions.use(sessionId);
            if (session == null) {
                return Turn.refused(Answer.refused(ProtocolCatalog.unknownSession(sessionId)));
            }
        }
        return admitted(message, Exchange.legacy(session.version, session.peer), Answer.session(session.id));
    }

    private Turn admitted(Message message, Exchange exchange, Map<String, String> headers) {
        return Turn.admitted(batch, encoding, message, exchange, headers);
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
        return Handshake.agreedVersion(initialize.path("params"));
    }

    /** A frame that is not one JSON value: -32700 with id null, HTTP 400, written as text as it always was. */
    private Turn failed(ProtocolError e) {
        return refused(Envelope.error(NullNode.instance, e), codec::textBytes);
    }

    /** A message refused before dispatch, with its error's status; its id answered when it has one. */
    private Turn refused(Message message, ProtocolError e) {
        return refused(Envelope.refusal(message.json(), e), codec::bytes);
    }

    private static Turn refused(Reply reply, Function<JsonNode, byte[]> encoder) {
        return Turn.refused(Answer.json(reply.status(), encoder.apply(reply.body()), Map.of()));
    }
}
