package dev.dbprint.mcp.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Plausible arguments for any advertised tool, from its inputSchema: the keys it declares, filled for one table. */
final class ToolArguments {

    private ToolArguments() {
    }

    /**
     * {@code table}, {@code document: spec}, {@code column: status}, {@code text} and {@code sql} (a query over the
     * table), each only where declared.
     */
    static ObjectNode forTable(JsonNode tool, String table, String text) {
        ObjectNode args = ServerProcess.JSON.createObjectNode();
        JsonNode props = tool.path("inputSchema").path("properties");
        if (props.has("table")) {
            args.put("table", table);
        }
        if (props.has("document")) {
            args.put("document", "spec");
        }
        if (props.has("column")) {
            args.put("column", "status");
        }
        if (props.has("text")) {
            args.put("text", text);
        }
        if (props.has("sql")) {
            args.put("sql", "SELECT * FROM " + table);
        }
        return args;
    }
}
