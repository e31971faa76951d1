package dev.dbprint.mcp.resource;

import java.util.Optional;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The three resource methods of the protocol (spec §3, §7.2). Each returns the JSON-RPC {@code result} object or throws
 * a {@link dev.dbprint.mcp.error.ProtocolError} carrying the §8.1 code and detail.
 */
public interface ResourceService {

    ObjectNode list(Optional<String> cursor);

    ObjectNode read(String uri);

    ObjectNode templates();
}
