package dev.dbprint.mcp.protocol;

import java.util.function.BooleanSupplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;

import dev.dbprint.mcp.error.ProtocolCatalog;
import dev.dbprint.mcp.tool.call.ToolInvoker;
import dev.dbprint.mcp.tool.call.ToolRegistry;
import dev.dbprint.mcp.tool.call.ToolResult;

/** {@code tools/list} and {@code tools/call}: the tools' descriptors, and a tool's result in MCP's shape. */
@Singleton
class ToolReplies {

    private final ObjectMapper mapper;
    private final ToolRegistry tools;
    private final ToolInvoker invoker;
    private final ReadAhead readAhead;

    @Inject
    ToolReplies(ObjectMapper mapper, ToolRegistry tools, ToolInvoker invoker, ReadAhead readAhead) {
        this.mapper = mapper;
        this.tools = tools;
        this.invoker = invoker;
        this.readAhead = readAhead;
        ToolsWarmup.begin(tools);
    }

    ObjectNode list(ObjectNode params, boolean structured) {
        readAhead.begin(); // a stateless client lists the tools first, with no notifications/initialized before
        if (params.has("cursor")) {
            // every tool fits the first page (§3.3), so no tools/list reply ever carries a cursor to pass back
            throw ProtocolCatalog.toolsCursor();
        }
        ObjectNode result = mapper.createObjectNode();
        ArrayNode list = result.putArray("tools");
        tools.all().forEach(t -> list.add(t.descriptor().listEntry(mapper, structured)));
        return result;
    }

    /**
     * A tool's result: its text, and when the revision has them and the text is the tool's json object, the same object
     * as {@code structuredContent}; a fault, Markdown and YAML stay text alone.
     */
    ObjectNode call(ObjectNode params, boolean structured, BooleanSupplier cancelled) {
        String name = Params.requiredString(params, "name");
        JsonNode arguments = params.get("arguments");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            throw ProtocolCatalog.argumentsNotObject();
        }
        ToolResult answer = invoker.call(name, arguments instanceof ObjectNode o ? o : mapper.createObjectNode(),
                cancelled);
        ObjectNode result = mapper.createObjectNode();
        ObjectNode content = result.putArray("content").addObject().put("type", "text");
        if (answer.json() != null) {
            content.putRawValue("text", new RawValue(answer.json()));
        } else {
            content.put("text", answer.text());
        }
        if (structured && answer.object()) {
            result.set("structuredContent", structuredContent(answer.text()));
        }
        result.put("isError", answer.isError());
        return result;
    }

    /** The object a json reply's text spells, parsed again: the text is what the tool produced, exactly. */
    private JsonNode structuredContent(String text) {
        try {
            return mapper.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tool's json reply does not parse", e);
        }
    }
}
