package dev.dbprint.mcp.protocol;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.error.ProtocolError;

/**
 * How a request of the stateless era is told apart and checked: it names its revision and the client's capabilities
 * in {@code params._meta} (2026-07-28), where a legacy request relies on its session or connection handshake.
 */
public final class ModernRequest {

    public static final String VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
    public static final String CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
    public static final String SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

    private ModernRequest() {
    }

    /** The revision a message names in {@code params._meta}, or null when it names none. */
    public static String namedVersion(JsonNode message) {
        JsonNode version = message.path("params").path("_meta").path(VERSION_KEY);
        return version.isTextual() ? version.textValue() : null;
    }

    /**
     * Whether a message on a connection that also carries legacy traffic (stdio) is modern: it names a revision in
     * {@code _meta}, or it is {@code server/discover}, which only the modern era has.
     */
    public static boolean announcesItself(JsonNode message) {
        return message.isObject()
                && (namedVersion(message) != null || "server/discover".equals(message.path("method").asText(null)));
    }

    /** Every revision the server speaks, newest first: what {@code server/discover} and -32022 list. */
    public static List<String> supportedVersions() {
        List<String> all = new ArrayList<>();
        for (Era era : Era.values()) {
            all.addAll(era.versions());
        }
        all.sort((a, b) -> b.compareTo(a));
        return all;
    }

    /**
     * The revision a well-formed modern request is served under; a missing {@code _meta} key is -32602 and a revision
     * the modern era does not have -32022, both refused with HTTP 400.
     */
    static String version(JsonNode params) {
        JsonNode meta = params == null ? null : params.get("_meta");
        if (meta == null || !meta.isObject()) {
            throw refused(ProtocolError.INVALID_PARAMS, "Invalid params: a request must carry params._meta with '"
                    + VERSION_KEY + "' and '" + CAPABILITIES_KEY + "'", null);
        }
        JsonNode version = meta.get(VERSION_KEY);
        if (version == null || !version.isTextual()) {
            throw refused(ProtocolError.INVALID_PARAMS, "Invalid params: params._meta must carry '" + VERSION_KEY
                    + "' as a string", null);
        }
        JsonNode capabilities = meta.get(CAPABILITIES_KEY);
        if (capabilities == null || !capabilities.isObject()) {
            throw refused(ProtocolError.INVALID_PARAMS, "Invalid params: params._meta must carry '" + CAPABILITIES_KEY
                    + "' as an object", null);
        }
        if (Era.of(version.textValue()).orElse(null) != Era.MODERN) {
            ObjectNode data = JsonNodeFactory.instance.objectNode();
            supportedVersions().forEach(data.putArray("supported")::add);
            data.put("requested", version.textValue());
            throw refused(ProtocolError.UNSUPPORTED_VERSION, "Unsupported protocol version: " + version.textValue()
                    + ". Supported: " + Era.MODERN.versions() + " per request, " + Era.LEGACY.versions()
                    + " through initialize", data);
        }
        return version.textValue();
    }

    /** A request refused before dispatch: answered with HTTP 400. */
    public static ProtocolError refused(int code, String message, JsonNode data) {
        return new ProtocolError(code, message, data, 400);
    }
}
