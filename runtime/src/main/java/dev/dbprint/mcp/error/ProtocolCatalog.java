package dev.dbprint.mcp.error;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Every text the protocol and its transports answer with outside a tool's or a resource's own result: the JSON-RPC
 * errors (each made here with its code and the HTTP status it goes out with when it is a request's whole answer), the
 * plain-text refusals of the HTTP transports (each a {@link Refusal} with its status), and the header names those texts
 * quote. Like {@link ErrorCatalog}, these
 * are a wire contract spelled here and nowhere else.
 */
public final class ProtocolCatalog {

    public static final String SESSION_HEADER = "Mcp-Session-Id";
    public static final String PROTOCOL_HEADER = "MCP-Protocol-Version";
    public static final String METHOD_HEADER = "Mcp-Method";
    public static final String NAME_HEADER = "Mcp-Name";

    /** Where a body naming its revision came instead of {@code /mcp} with no session: the end of its -32020 detail. */
    public static final String WITH_SESSION = "with " + SESSION_HEADER;
    public static final String IN_A_BATCH = "in a batch";
    public static final String ON_SSE = "on the legacy SSE transport";

    private ProtocolCatalog() {
    }

    // ---------------------------------------------------------------- JSON-RPC: the frame and its envelope

    public static ProtocolError notJson(String parserDetail) {
        return new ProtocolError(ProtocolError.PARSE_ERROR,
                "Parse error: the message is not valid JSON (" + parserDetail + ")", null, 400);
    }

    public static ProtocolError emptyMessage() {
        return new ProtocolError(ProtocolError.PARSE_ERROR, "Parse error: empty message", null, 400);
    }

    /** A stdio line longer than {@code dbprint.max-message-bytes}. */
    public static ProtocolError frameTooLarge(long limit) {
        return invalidRequest("Invalid Request: the frame is larger than " + limit + " bytes");
    }

    public static ProtocolError emptyBatch() {
        return invalidRequest("Invalid Request: an empty batch");
    }

    public static ProtocolError notAnObject() {
        return invalidRequest("Invalid Request: a JSON-RPC message must be an object");
    }

    public static ProtocolError badId() {
        return invalidRequest("Invalid Request: id must be a string or an integer");
    }

    public static ProtocolError methodNotString() {
        return invalidRequest("Invalid Request: 'method' must be a string");
    }

    public static ProtocolError badJsonrpc() {
        return invalidRequest("Invalid Request: 'jsonrpc' must be \"2.0\"");
    }

    /** A method the request's era does not answer: HTTP 404 for a modern request. */
    public static ProtocolError methodNotFound(String method) {
        return new ProtocolError(ProtocolError.METHOD_NOT_FOUND, "Method not found: " + method, null, 404);
    }

    public static ProtocolError internal(Throwable cause) {
        return ProtocolError.internal("Internal error: " + cause);
    }

    // ---------------------------------------------------------------- JSON-RPC: params

    public static ProtocolError paramsNotObject() {
        return ProtocolError.invalidParams("Invalid params: 'params' must be an object");
    }

    public static ProtocolError argumentsNotObject() {
        return ProtocolError.invalidParams("Invalid params: 'arguments' must be an object");
    }

    public static ProtocolError notString(String key) {
        return ProtocolError.invalidParams("Invalid params: '" + key + "' must be a string");
    }

    public static ProtocolError toolsCursor() {
        return ProtocolError.invalidParams(
                "tools/list issued no cursor: all tools fit its first page. Call it without `cursor`.");
    }

    public static ProtocolError templatesCursor() {
        return ProtocolError.invalidParams("resources/templates/list issued no cursor: all templates fit its first "
                + "page. Call it without `cursor`.");
    }

    // ---------------------------------------------------------------- JSON-RPC: a 2026-07-28 request's _meta

    public static ProtocolError metaMissing(String versionKey, String capabilitiesKey) {
        return refused(ProtocolError.INVALID_PARAMS, "Invalid params: a request must carry params._meta with '"
                + versionKey + "' and '" + capabilitiesKey + "'", null);
    }

    public static ProtocolError metaVersionNotString(String versionKey) {
        return refused(ProtocolError.INVALID_PARAMS,
                "Invalid params: params._meta must carry '" + versionKey + "' as a string", null);
    }

    public static ProtocolError metaCapabilitiesNotObject(String capabilitiesKey) {
        return refused(ProtocolError.INVALID_PARAMS,
                "Invalid params: params._meta must carry '" + capabilitiesKey + "' as an object", null);
    }

    /** -32022; {@code data} lists what is supported and echoes what was asked. */
    public static ProtocolError unsupportedVersion(String asked, List<String> perRequest, List<String> handshake,
            JsonNode data) {
        return refused(ProtocolError.UNSUPPORTED_VERSION, "Unsupported protocol version: " + asked + ". Supported: "
                + perRequest + " per request, " + handshake + " through initialize", data);
    }

    // ---------------------------------------------------------------- JSON-RPC: -32020, headers against the body

    public static ProtocolError headerRepeated(String header, int lines) {
        return headerMismatch("the " + header + " header is sent on " + lines + " lines; send it once");
    }

    public static ProtocolError headerMissing(String header, String body) {
        return headerMismatch("the " + header + " header is missing; it must repeat '" + body + "'");
    }

    public static ProtocolError headerDiffers(String header, String value, String body) {
        return headerMismatch(header + " is '" + value + "' but the body says '" + body + "'");
    }

    /** A body naming revision {@code named} that came {@code where} (one of the constants above). */
    public static ProtocolError namedOnLegacyPath(String named, String where) {
        return headerMismatch("params._meta names '" + named + "', a request served on its own with its headers "
                + "checked, but it came " + where + ", where only the handshake revisions are served");
    }

    // ---------------------------------------------------------------- HTTP: plain-text refusals, each with its status

    public static Refusal duplicateHost() {
        return Refusal.of(400, "Bad Request: more than one Host header");
    }

    public static Refusal targetNotLoopback(int port) {
        return Refusal.untyped(421,
                "Misdirected Request: an absolute request target must name http://127.0.0.1, localhost or [::1] on port "
                        + port);
    }

    public static Refusal hostNotLoopback(int port) {
        return Refusal.untyped(421, "Misdirected Request: Host must be 127.0.0.1, localhost or [::1] on port " + port);
    }

    public static Refusal originNotLoopback(int port) {
        return Refusal.untyped(403, "Forbidden: Origin must be a loopback http:// origin on port " + port);
    }

    public static Refusal notAcceptable() {
        return Refusal.of(406, "Not Acceptable: Accept must take both application/json and text/event-stream");
    }

    public static Refusal notJsonContent() {
        return Refusal.of(415, "Unsupported Media Type: Content-Type must be application/json");
    }

    public static Refusal tooLarge(long maxBytes) {
        return Refusal.of(413, "Payload Too Large: the body is larger than " + maxBytes + " bytes");
    }

    public static Refusal bodyTooSlow(long millis) {
        return Refusal.of(408, "Request Timeout: the body did not arrive within " + millis + " ms", "Connection", "close");
    }

    public static Refusal notAMessage() {
        return Refusal.of(400, "Bad Request: not a JSON-RPC request, notification or response");
    }

    public static Refusal unsupportedProtocolHeader(String asked, List<String> handshake) {
        return Refusal.of(400, "Bad Request: unsupported " + PROTOCOL_HEADER + " '" + asked + "'. Supported: " + handshake);
    }

    public static Refusal sessionsFull(int max) {
        return Refusal.of(503, "Service Unavailable: " + max + " sessions are open, the most this server keeps. End one with "
                + "DELETE /mcp, or retry once an idle one has expired.", "Retry-After", "60");
    }

    public static Refusal sessionMissing() {
        return Refusal.of(400, "Bad Request: missing " + SESSION_HEADER + " header; send initialize first");
    }

    public static Refusal deleteWithoutSession() {
        return Refusal.of(400, "Bad Request: missing " + SESSION_HEADER + " header");
    }

    public static Refusal unknownSession(String id) {
        return Refusal.of(404, "Not Found: unknown, ended or expired session " + id);
    }

    /** Every request once shutdown has begun. */
    public static Refusal shuttingDown() {
        return Refusal.of(503, "Service Unavailable: the server is shutting down", "Connection", "close");
    }

    public static Refusal sseSessionMissing() {
        return Refusal.of(400, "Bad Request: session_id is required");
    }

    public static Refusal unknownSseSession(String id) {
        return Refusal.of(404, "Could not find session " + id);
    }

    /** {@code GET /mcp}: the server offers no stream there; it says what it does take, with no body. */
    public static Refusal getNotAllowed() {
        return new Refusal(405, "", Map.of("Allow", "POST, DELETE"), false);
    }

    public static String accepted() {
        return "Accepted";
    }

    private static ProtocolError invalidRequest(String detail) {
        return new ProtocolError(ProtocolError.INVALID_REQUEST, detail, null, 400);
    }

    private static ProtocolError headerMismatch(String detail) {
        return refused(ProtocolError.HEADER_MISMATCH, "Header mismatch: " + detail, null);
    }

    /** A request refused before dispatch: answered with HTTP 400. */
    private static ProtocolError refused(int code, String message, JsonNode data) {
        return new ProtocolError(code, message, data, 400);
    }
}
