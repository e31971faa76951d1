package dev.dbprint.mcp.resource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.error.ProtocolError;

/**
 * The params of completion/complete, checked against MCP's shape for them: {@code ref} a resource template reference
 * ({@code {type: "ref/resource", uri}}), {@code argument} the variable being typed ({@code {name, value}}), and the
 * optional {@code context.arguments}, the variables already filled in. A prompt reference is refused, since the server
 * has no prompts; every fault is -32602.
 *
 * @param template the {@code uriTemplate} the reference names
 * @param variable the variable being completed
 * @param typed what has been typed of it so far
 * @param filled the variables already filled in, by name
 */
public record CompletionRequest(String template, String variable, String typed, Map<String, String> filled) {

    static final String RESOURCE_REF = "ref/resource";
    static final String PROMPT_REF = "ref/prompt";

    public static CompletionRequest of(JsonNode params) {
        JsonNode ref = object(params, "ref", "ref");
        String type = string(ref, "type", "ref.type");
        if (PROMPT_REF.equals(type)) {
            throw ProtocolError.invalidParams(ErrorCatalog.completionNoPrompts(ref.path("name").asText("")));
        }
        if (!RESOURCE_REF.equals(type)) {
            throw ProtocolError.invalidParams(
                    ErrorCatalog.argumentNotInEnum("ref.type", type, List.of(PROMPT_REF, RESOURCE_REF)));
        }
        String template = string(ref, "uri", "ref.uri");
        JsonNode argument = object(params, "argument", "argument");
        String variable = string(argument, "name", "argument.name");
        String typed = string(argument, "value", "argument.value");
        return new CompletionRequest(template, variable, typed, filled(params.get("context")));
    }

    /** {@code context.arguments}: absent or null is none filled; every value present must be a string. */
    private static Map<String, String> filled(JsonNode context) {
        Map<String, String> filled = new LinkedHashMap<>();
        if (context == null || context.isNull()) {
            return filled;
        }
        if (!context.isObject()) {
            throw ProtocolError.invalidParams(ErrorCatalog.completionParam("context", "an object"));
        }
        JsonNode arguments = context.get("arguments");
        if (arguments == null || arguments.isNull()) {
            return filled;
        }
        if (!arguments.isObject()) {
            throw ProtocolError.invalidParams(ErrorCatalog.completionParam("context.arguments", "an object"));
        }
        arguments.fields().forEachRemaining(e -> {
            if (!e.getValue().isTextual()) {
                throw ProtocolError.invalidParams(ErrorCatalog.completionFilledNotString(e.getKey()));
            }
            filled.put(e.getKey(), e.getValue().textValue());
        });
        return filled;
    }

    private static JsonNode object(JsonNode parent, String key, String field) {
        JsonNode v = parent.get(key);
        if (v == null || !v.isObject()) {
            throw ProtocolError.invalidParams(ErrorCatalog.completionParam(field, "an object"));
        }
        return v;
    }

    private static String string(JsonNode parent, String key, String field) {
        JsonNode v = parent.get(key);
        if (v == null || !v.isTextual()) {
            throw ProtocolError.invalidParams(ErrorCatalog.completionParam(field, "a string"));
        }
        return v.textValue();
    }
}
