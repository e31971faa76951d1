package dev.dbprint.mcp.tool.call;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A tool as {@code tools/list} advertises it, read from {@code dbprint/tools/<name>.json}. The input schema there is the
 * one argument checking runs against, so what is advertised and what is enforced cannot drift apart.
 *
 * @param outputSchema the JSON Schema (2020-12) of the tool's json form, or null for a tool without one
 *        (get_reference)
 */
public record ToolDescriptor(String name, String title, String description, ObjectNode inputSchema,
        ObjectNode outputSchema) {

    private static final String RESOURCE = "dbprint/tools/%s.json";

    public static ToolDescriptor load(String name, ObjectMapper mapper) {
        String path = RESOURCE.formatted(name);
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("tool '" + name + "' has no descriptor at " + path);
            }
            JsonNode node = mapper.readTree(in);
            return new ToolDescriptor(node.path("name").asText(), node.path("title").asText(),
                    node.path("description").asText(), (ObjectNode) node.get("inputSchema"),
                    (ObjectNode) node.get("outputSchema"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public ObjectNode properties() {
        return (ObjectNode) inputSchema.path("properties");
    }

    public List<String> required() {
        List<String> out = new ArrayList<>();
        inputSchema.path("required").forEach(n -> out.add(n.asText()));
        return out;
    }

    /**
     * Whether {@code tools/list} declares the output schema: only for a tool whose every successful reply is its json
     * object. A tool taking {@code format} answers Markdown by default, and MCP has every result of a tool declaring an
     * outputSchema carry conforming structuredContent: the official SDK clients refuse a result without it.
     */
    public boolean declaresOutputSchema() {
        return outputSchema != null && !properties().has("format");
    }

    /**
     * The {@code tools/list} entry: name, a human title (MCP 2025-06-18; older clients ignore it), description,
     * inputSchema, the outputSchema when {@code structured} (a revision that has structured results, 2025-06-18 on) and
     * the tool declares one, and the four behaviour hints as explicit booleans.
     */
    public ObjectNode listEntry(ObjectMapper mapper, boolean structured) {
        ObjectNode entry = mapper.createObjectNode();
        entry.put("name", name);
        entry.put("title", title);
        entry.put("description", description);
        entry.set("inputSchema", inputSchema);
        if (structured && declaresOutputSchema()) {
            entry.set("outputSchema", outputSchema);
        }
        ObjectNode hints = entry.putObject("annotations");
        hints.put("readOnlyHint", true);
        hints.put("destructiveHint", false);
        hints.put("idempotentHint", true);
        hints.put("openWorldHint", false);
        return entry;
    }
}
