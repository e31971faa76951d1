package dev.dbprint.mcp.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What the server says of itself: {@code initialize}'s result (the revision agreed) and {@code server/discover}'s (every
 * revision), with the same capabilities, identity and instructions.
 */
final class Handshake {

    private Handshake() {
    }

    static ObjectNode initialize(ObjectNode params) {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.put("protocolVersion", agreedVersion(params));
        capabilities(result);
        serverInfo(result.putObject("serverInfo"));
        result.put("instructions", ServerIdentity.instructions());
        return result;
    }

    /** The revision an {@code initialize} with these params agrees to; a connection remembers what its reply said. */
    static String agreedVersion(JsonNode params) {
        return Era.LEGACY.agree(params.path("protocolVersion").asText(""));
    }

    /** What {@code initialize} says, the stateless way: the server's identity rides in the result's {@code _meta}. */
    static ObjectNode discover() {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        RequestMeta.supportedVersions().forEach(result.putArray("supportedVersions")::add);
        capabilities(result);
        result.put("instructions", ServerIdentity.instructions());
        serverInfo(result.putObject("_meta").putObject(RequestMeta.SERVER_INFO_KEY));
        return result;
    }

    /**
     * The same capabilities in both eras (spec §7.2): no subscriptions, no list changes, no prompts; completion of the
     * resource templates' variables ({@code completions}, an empty object in MCP's schema).
     */
    private static void capabilities(ObjectNode result) {
        ObjectNode capabilities = result.putObject("capabilities");
        ObjectNode resourceCaps = capabilities.putObject("resources");
        resourceCaps.put("subscribe", false);
        resourceCaps.put("listChanged", false);
        capabilities.putObject("tools").put("listChanged", false);
        capabilities.putObject("completions");
    }

    private static void serverInfo(ObjectNode info) {
        info.put("name", ServerIdentity.NAME);
        info.put("version", ServerIdentity.version());
    }
}
