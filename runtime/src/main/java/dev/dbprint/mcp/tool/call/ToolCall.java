package dev.dbprint.mcp.tool.call;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.paging.PagedCall;

/**
 * One checked call handed to a tool body: the arguments after schema checking (defaults filled, case folded), the
 * served connection the call resolved to (null for a tool that takes no {@code connection}), and whether the client has
 * withdrawn the request since, which a long body asks as it goes so that a cancelled call stops its work.
 */
public record ToolCall(String tool, ObjectNode arguments, ServedConnection connection, BooleanSupplier cancelled)
        implements
            PagedCall {

    /** A call no client can withdraw (a test's, the Dev UI's). */
    public ToolCall(String tool, ObjectNode arguments, ServedConnection connection) {
        this(tool, arguments, connection, () -> false);
    }

    @Override
    public String caller() {
        return tool;
    }

    public String string(String key) {
        JsonNode v = arguments.get(key);
        return v == null || v.isNull() ? null : v.asText();
    }

    public Optional<String> optionalString(String key) {
        return Optional.ofNullable(string(key));
    }

    public boolean bool(String key) {
        return arguments.path(key).asBoolean(false);
    }

    @Override
    public Optional<String> cursor() {
        return optionalString("cursor");
    }

    /** Every argument but {@code cursor}, as plain values: what a cursor is bound to besides the tool and the files. */
    @Override
    public Map<String, Object> argumentsWithoutCursor() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = arguments.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().equals("cursor")) {
                JsonNode v = e.getValue();
                out.put(e.getKey(), v.isBoolean() ? v.asBoolean() : v.isNumber() ? v.numberValue() : v.asText());
            }
        }
        if (connection != null) {
            out.put("connection", connection.name());
        }
        return out;
    }
}
