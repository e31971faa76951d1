package dev.dbprint.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;

import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.protocol.ModernRequest;
import io.vertx.core.http.HttpServerRequest;

/**
 * The request headers a modern (2026-07-28) POST repeats from its body, so a gateway can route on them without
 * parsing it: {@code MCP-Protocol-Version}, {@code Mcp-Method} and, for a call or a read, {@code Mcp-Name}. Each must
 * agree with the body, compared case-sensitively once the surrounding whitespace HTTP allows is stripped (header
 * names are case-insensitive); any disagreement, or a missing method or name header, is -32020 with HTTP 400.
 */
final class ModernHeaders {

    static final String METHOD_HEADER = "Mcp-Method";
    static final String NAME_HEADER = "Mcp-Name";

    private ModernHeaders() {
    }

    /** The first disagreement between headers and body, or null when they agree. */
    static ProtocolError mismatch(HttpServerRequest request, JsonNode message) {
        String version = request.getHeader(HttpTransport.PROTOCOL_HEADER);
        String named = ModernRequest.namedVersion(message);
        if (version != null && named != null && !version.strip().equals(named)) {
            return refused(HttpTransport.PROTOCOL_HEADER + " is '" + version.strip() + "' but params._meta names '"
                    + named + "'");
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
