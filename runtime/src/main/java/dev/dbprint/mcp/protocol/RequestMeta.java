package dev.dbprint.mcp.protocol;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.error.ProtocolCatalog;

/**
 * A request's {@code params._meta}, read once: a request of the stateless era (2026-07-28) names its revision and the
 * client's capabilities there, where a legacy request relies on its session or connection handshake.
 */
record RequestMeta(JsonNode meta, String version) {

    static final String VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
    static final String CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
    static final String SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

    /** The {@code _meta} of a message (none for a batch or a message without one). */
    static RequestMeta of(JsonNode message) {
        JsonNode meta = message.path("params").get("_meta");
        JsonNode version = meta == null ? null : meta.get(VERSION_KEY);
        return new RequestMeta(meta, meta != null && meta.isObject() && version != null && version.isTextual()
                ? version.textValue()
                : null);
    }

    /** Whether it names a revision, which makes a message modern on every path. */
    boolean namesVersion() {
        return version != null;
    }

    /** Every revision the server speaks, newest first: what {@code server/discover} and -32022 list. */
    static List<String> supportedVersions() {
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
    String servedVersion() {
        if (meta == null || !meta.isObject()) {
            throw ProtocolCatalog.metaMissing(VERSION_KEY, CAPABILITIES_KEY);
        }
        if (version == null) {
            throw ProtocolCatalog.metaVersionNotString(VERSION_KEY);
        }
        JsonNode capabilities = meta.get(CAPABILITIES_KEY);
        if (capabilities == null || !capabilities.isObject()) {
            throw ProtocolCatalog.metaCapabilitiesNotObject(CAPABILITIES_KEY);
        }
        if (Era.of(version).orElse(null) != Era.MODERN) {
            ObjectNode data = JsonNodeFactory.instance.objectNode();
            supportedVersions().forEach(data.putArray("supported")::add);
            data.put("requested", version);
            throw ProtocolCatalog.unsupportedVersion(version, Era.MODERN.versions(), Era.LEGACY.versions(), data);
        }
        return version;
    }
}
