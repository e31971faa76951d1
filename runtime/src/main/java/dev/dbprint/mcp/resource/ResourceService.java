package dev.dbprint.mcp.resource;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The resource methods of the protocol (spec §3, §7.2), and completion/complete for the variables of the resource
 * templates. Each returns the JSON-RPC {@code result} object or throws a {@link dev.dbprint.mcp.error.ProtocolError}
 * carrying the §8.1 code and detail (-32602 with its own detail for a completion asked for wrongly).
 */
public interface ResourceService {

    ObjectNode list(Optional<String> cursor);

    ObjectNode read(String uri);

    ObjectNode templates();

    /** completion/complete, {@code params} as the request carries them. */
    ObjectNode complete(JsonNode params);
}
