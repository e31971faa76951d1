package dev.dbprint.mcp.protocol;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import dev.dbprint.mcp.error.ProtocolCatalog;
import dev.dbprint.mcp.error.ProtocolError;

/**
 * The request headers a modern (2026-07-28) POST repeats from its body, so a gateway can route on them without
 * parsing it: {@code MCP-Protocol-Version}, {@code Mcp-Method} and, for a method with a {@link Method#routedParam()},
 * {@code Mcp-Name}. Each must agree with the body, compared case-sensitively once the surrounding whitespace HTTP allows
 * is stripped (header names are case-insensitive); any disagreement, a missing header, or one of them sent on more than
 * one line (a gateway may read another line than the server) is -32020 with HTTP 400. A body that names its revision is
 * modern on every path: one that arrives where only legacy requests are served (with a session, in a batch, on the SSE
 * transport), where no header is compared, is refused the same way.
 */
final class ModernHeaders {

    private static final List<String> ROUTED = List.of(ProtocolCatalog.PROTOCOL_HEADER, ProtocolCatalog.METHOD_HEADER,
            ProtocolCatalog.NAME_HEADER);

    private ModernHeaders() {
    }

    /** The first disagreement between the headers and the body of a request served as modern, or null. */
    static ProtocolError mismatch(Headers headers, Message message, RequestMeta meta) {
        ProtocolError repeated = repeated(headers);
        if (repeated != null) {
            return repeated;
        }
        if (meta.namesVersion()) {
            ProtocolError wrongVersion = agree(headers, ProtocolCatalog.PROTOCOL_HEADER, meta.version());
            if (wrongVersion != null) {
                return wrongVersion;
            }
        }
        if (message.name() == null) {
            return null; // not a request: the envelope check answers it
        }
        ProtocolError wrongMethod = agree(headers, ProtocolCatalog.METHOD_HEADER, message.name());
        if (wrongMethod != null) {
            return wrongMethod;
        }
        String param = message.method() == null ? null : message.method().routedParam();
        JsonNode name = param == null ? null : message.json().path("params").get(param);
        return name == null || !name.isTextual() ? null : agree(headers, ProtocolCatalog.NAME_HEADER, name.textValue());
    }

    /**
     * Why a message on a legacy path ({@code where}: how it got there) is refused, or null: a routing header sent on
     * more than one line, or a body ({@code meta}: its {@code _meta}) or a batch element that names its revision.
     */
    static ProtocolError onLegacyPath(Headers headers, JsonNode message, RequestMeta meta, String where) {
        ProtocolError repeated = repeated(headers);
        if (repeated != null) {
            return repeated;
        }
        if (!message.isArray()) {
            return meta.namesVersion() ? ProtocolCatalog.namedOnLegacyPath(meta.version(), where) : null;
        }
        for (JsonNode element : message) {
            RequestMeta own = RequestMeta.of(element);
            if (own.namesVersion()) {
                return ProtocolCatalog.namedOnLegacyPath(own.version(), where);
            }
        }
        return null;
    }

    private static ProtocolError repeated(Headers headers) {
        for (String header : ROUTED) {
            int lines = headers.all(header).size();
            if (lines > 1) {
                return ProtocolCatalog.headerRepeated(header, lines);
            }
        }
        return null;
    }

    private static ProtocolError agree(Headers headers, String name, String body) {
        String header = headers.first(name);
        if (header == null) {
            return ProtocolCatalog.headerMissing(name, body);
        }
        if (!header.strip().equals(body)) {
            return ProtocolCatalog.headerDiffers(name, header.strip(), body);
        }
        return null;
    }
}
