package dev.dbprint.mcp.deployment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.tool.McpTool;
import dev.dbprint.mcp.tool.ToolCall;
import dev.dbprint.mcp.tool.ToolResult;

/**
 * A stand-in for the real {@code list_tables} (another branch): it reads {@code manifest.yaml} from disk on every call and
 * pages one table per page with a plain index cursor, enough to exercise the Dev UI's page following and to show that
 * the Dev UI passes a rewritten print straight through.
 */
@ApplicationScoped
public class FakeListTables {

    @Inject
    ObjectMapper mapper;

    @McpTool("list_tables")
    public ToolResult listTables(ToolCall call) throws IOException {
        Path manifest = call.connection().root().resolve("manifest.yaml");
        Map<?, ?> doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(manifest));
        Map<String, Object> tables = new TreeMap<>();
        ((Map<?, ?>) doc.get("tables")).forEach((k, v) -> tables.put((String) k, v));
        List<String> names = List.copyOf(tables.keySet());
        int at = call.cursor().map(Integer::parseInt).orElse(0);
        ObjectNode reply = mapper.createObjectNode();
        ArrayNode page = reply.putArray("tables");
        if (at < names.size()) {
            String name = names.get(at);
            if (call.bool("detail")) {
                ObjectNode entry = mapper.valueToTree(tables.get(name));
                page.addObject().put("table", name).setAll(entry);
            } else {
                page.add(name);
            }
        }
        reply.put("total", names.size());
        if (at + 1 < names.size()) {
            reply.put("next_cursor", String.valueOf(at + 1));
        }
        return ToolResult.ok(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(reply));
    }
}
