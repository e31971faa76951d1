package dev.dbprint.mcp.protocol;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A parsed frame with its method read once: the name a message gives (null when it gives none as a string) and the
 * {@link Method} of that name (null for a name the server answers under no era); a batch holds its messages, each read
 * the same way. Every later step (the era, the headers, the admission, the worker's choice, the dispatch) reads these
 * rather than the JSON.
 */
record Message(JsonNode json, String name, Method method, List<Message> batch) {

    static Message of(JsonNode json) {
        if (json.isArray()) {
            List<Message> elements = new ArrayList<>(json.size());
            json.forEach(element -> elements.add(one(element)));
            return new Message(json, null, null, elements);
        }
        return one(json);
    }

    /** A message on its own or in a batch (a batch inside a batch is no message: the envelope refuses it). */
    private static Message one(JsonNode json) {
        JsonNode method = json.get("method");
        String name = method != null && method.isTextual() ? method.textValue() : null;
        return new Message(json, name, name == null ? null : Method.named(name).orElse(null), null);
    }

    boolean isBatch() {
        return batch != null;
    }

    /** Whether it is a response from the client (it has no method, but a result or an error). */
    boolean isResponse() {
        return name == null && (json.has("result") || json.has("error"));
    }

    /** Whether it is a request: it names a method and carries an id a request may have. */
    boolean isRequest() {
        return name != null && RequestId.valid(id());
    }

    /** Whether it says {@code "jsonrpc": "2.0"}. */
    boolean isJsonRpc2() {
        return "2.0".equals(json.path("jsonrpc").textValue());
    }

    /** The {@code id} it carries, or null. */
    JsonNode id() {
        return json.get("id");
    }
}
