package dev.dbprint.mcp.protocol;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.error.ProtocolCatalog;

/** A request's params read by key: a wrong type is -32602. */
final class Params {

    private Params() {
    }

    static String requiredString(ObjectNode params, String key) {
        JsonNode v = params.get(key);
        if (v == null || !v.isTextual()) {
            throw ProtocolCatalog.notString(key);
        }
        return v.asText();
    }

    static Optional<String> optionalString(ObjectNode params, String key) {
        JsonNode v = params.get(key);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isTextual()) {
            throw ProtocolCatalog.notString(key);
        }
        return Optional.of(v.asText());
    }
}
