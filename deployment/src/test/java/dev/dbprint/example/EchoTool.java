package dev.dbprint.example;

import jakarta.enterprise.context.ApplicationScoped;

import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * An application's own tool, outside the extension's package (so that only the rule for {@code @McpTool} beans keeps
 * it) and injected nowhere: it answers with the {@code format} it was given, after the server folded its case.
 */
@ApplicationScoped
public class EchoTool {

    public static final String NAME = "echo_format";

    @McpTool(value = NAME, foldCase = "format")
    public ToolResult call(ToolCall call) {
        return ToolResult.ok("format " + call.string("format"));
    }
}
