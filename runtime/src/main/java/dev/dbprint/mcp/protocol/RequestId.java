package dev.dbprint.mcp.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** The ids a request may carry: MCP narrows JSON-RPC's to strings and integers, never null or a fraction. */
final class RequestId {

    private RequestId() {
    }

    static boolean valid(JsonNode id) {
        return id != null && (id.isTextual() || id.isIntegralNumber());
    }
}
