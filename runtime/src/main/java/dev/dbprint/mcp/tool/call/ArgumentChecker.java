package dev.dbprint.mcp.tool.call;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.text.PyRepr;

/**
 * Checks a call's arguments against the tool's own advertised input schema before the tool body sees them, and answers
 * a fault with the exact spec §8.2 sentence: an undeclared key, a missing required key, a wrong type (a non-string is a
 * type fault, never an enum fault), an empty string where {@code minLength: 1}, a value outside an enum. Declared
 * defaults are filled in; the properties a tool names in {@code foldCase} are lower-cased before the enum check.
 */
public final class ArgumentChecker {

    /** {@code cursor} is the paging token, not an argument a caller chooses, so "Accepted" lists the others. */
    private static final String CURSOR = "cursor";

    private ArgumentChecker() {
    }

    public static ObjectNode check(ToolDescriptor tool, ObjectNode arguments, Set<String> foldCase) {
        ObjectNode properties = tool.properties();
        for (Iterator<String> keys = arguments.fieldNames(); keys.hasNext();) {
            String key = keys.next();
            if (!properties.has(key)) {
                List<String> accepted = new ArrayList<>();
                properties.fieldNames().forEachRemaining(name -> {
                    if (!name.equals(CURSOR)) {
                        accepted.add(name);
                    }
                });
                accepted.sort(null);
                throw new DetailedFault(ErrorCatalog.argumentNotDeclared(tool.name(), key, accepted));
            }
        }
        for (String key : tool.required()) {
            if (!arguments.has(key)) {
                throw new DetailedFault(ErrorCatalog.argumentRequired(tool.name(), key));
            }
        }
        ObjectNode checked = arguments.deepCopy();
        for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> property = it.next();
            String key = property.getKey();
            JsonNode schema = property.getValue();
            JsonNode value = checked.get(key);
            if (value == null) {
                if (schema.has("default")) {
                    checked.set(key, schema.get("default"));
                }
                continue;
            }
            String type = schema.path("type").asText();
            if (!hasType(value, type)) {
                throw new DetailedFault(ErrorCatalog.argumentType(key, repr(value), type));
            }
            if (value.isTextual()) {
                String text = value.asText();
                if (text.length() < schema.path("minLength").asInt(0)) {
                    throw new DetailedFault(ErrorCatalog.argumentEmpty(key, text));
                }
                if (foldCase.contains(key)) {
                    text = text.toLowerCase(Locale.ROOT);
                    checked.put(key, text);
                }
                if (schema.has("enum")) {
                    List<String> allowed = new ArrayList<>();
                    schema.get("enum").forEach(e -> allowed.add(e.asText()));
                    if (!allowed.contains(text)) {
                        throw new DetailedFault(ErrorCatalog.argumentNotInEnum(key, value.asText(), allowed));
                    }
                }
            }
        }
        return checked;
    }

    private static boolean hasType(JsonNode value, String type) {
        return switch (type) {
            case "string" -> value.isTextual();
            case "boolean" -> value.isBoolean();
            case "integer" -> value.isIntegralNumber();
            case "number" -> value.isNumber();
            case "object" -> value.isObject();
            case "array" -> value.isArray();
            default -> true;
        };
    }

    /** The value as Python prints the parsed JSON, the spelling the spec's detail strings use. */
    static String repr(JsonNode value) {
        if (value.isTextual()) {
            return PyRepr.repr(value.asText());
        }
        if (value.isBoolean()) {
            return value.asBoolean() ? "True" : "False";
        }
        if (value.isNull()) {
            return "None";
        }
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(v -> items.add(repr(v)));
            return items.stream().collect(Collectors.joining(", ", "[", "]"));
        }
        if (value.isObject()) {
            List<String> items = new ArrayList<>();
            value.fields().forEachRemaining(e -> items.add(PyRepr.repr(e.getKey()) + ": " + repr(e.getValue())));
            return items.stream().collect(Collectors.joining(", ", "{", "}"));
        }
        return value.toString();
    }
}
