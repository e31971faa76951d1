package dev.dbprint.mcp.transport;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.protocol.ModernRequest;
import io.vertx.core.http.HttpServerRequest;

/**
 * The request headers a modern (2026-07-28) POST repeats from its body, so a gateway can route on them without
 * parsing it: {@code MCP-Protocol-Version}, {@code Mcp-Method} and, for a call or a read, {@code Mcp-Name}. Each must
 * agree with the body, compared case-sensitively once the surrounding whitespace HTTP allows is stripped (header
 * names are case-insensitive); any disagreement, a missing header, or one of them sent on more than one line (a
 * gateway may read another line than the server) is -32020 with HTTP 400. A body that names its revision is modern on
 * every path: one that arrives where only legacy requests are served (with a session, in a batch, on the SSE
 * transport), where no header is compared, is refused the same way.
 */
final class ModernHeaders {

    static final String METHOD_HEADER = "Mcp-Method";
    static final String NAME_HEADER = "Mcp-Name";

    private static final List<String> ROUTED = List.of(HttpTransport.PROTOCOL_HEADER, METHOD_HEADER, NAME_HEADER);

    private ModernHeaders() {
    }

    /** The first disagreement between the headers and the body of a request served as modern, or null. */
    static ProtocolError mismatch(HttpServerRequest request, JsonNode message) {
        ProtocolError repeated = repeated(request);
        if (repeated != null) {
            return repeated;
        }
        String version = request.getHeader(HttpTransport.PROTOCOL_HEADER);
        String named = ModernRequest.namedVersion(message);
        if (named != null) {
            ProtocolError wrongVersion = agree(version, HttpTransport.PROTOCOL_HEADER, named);
            if (wrongVersion != null) {
                return wrongVersion;
            }
        }
        JsonNode method = message.get("method");
        if (method == null || !method.isTextual()) {
            return null; // not a request: the envelope check answers it
        }
        ProtocolError wrongMethod = agree(request.getHeader(METHOD_HEADER), METHOD_HEADER, method.textValue());
        if (wrongMethod != null) {
            return wrongMethod;
        }
        String nameKey = switch (method.textValue()) {
            case "tools/call" -> "name";
            case "resources/read" -> "uri";
            default -> null;
        };
        JsonNode name = nameKey == null ? null : message.path("params").get(nameKey);
        return name == null || !name.isTextual() ? null : agree(request.getHeader(NAME_HEADER), NAME_HEADER, name.textValue());
    }

    /**
     * Why a message on a legacy path ({@code where}: how it got there) is refused, or null: a routing header sent on
     * more than one line, or a body (or a batch element) that names its revision in {@code _meta}.
     */
    static ProtocolError onLegacyPath(HttpServerRequest request, JsonNode message, String where) {
        ProtocolError repeated = repeated(request);
        if (repeated != null) {
            return repeated;
        }
        for (JsonNode element : message.isArray() ? message : List.of(message)) {
            String named = ModernRequest.namedVersion(element);
            if (named != null) {
                return refused("params._meta names '" + named + "', a request served on its own with its headers "
                        + "checked, but it came " + where + ", where only the handshake revisions are served");
            }
        }
        return null;
    }

    private static ProtocolError repeated(HttpServerRequest request) {
        for (String header : ROUTED) {
            int lines = request.headers().getAll(header).size();
            if (lines > 1) {
                return refused("the " + header + " header is sent on " + lines + " lines; send it once");
            }
        }
        return null;
    }

    private static ProtocolError agree(String header, String headerName, String body) {
        if (header == null) {
            return refused("the " + headerName + " header is missing; it must repeat '" + body + "'");
        }
        if (!header.strip().equals(body)) {
            return refused(headerName + " is '" + header.strip() + "' but the body says '" + body + "'");
        }
        return null;
    }

    private static ProtocolError refused(String detail) {
        return ModernRequest.refused(ProtocolError.HEADER_MISMATCH, "Header mismatch: " + detail, null);
    }
}
