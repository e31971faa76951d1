package dev.dbprint.mcp.tool;

/** What a tool answers: the text a client receives, and whether it reports a fault (spec §8.2). */
public record ToolResult(String text, boolean isError) {

    public static ToolResult ok(String text) {
        return new ToolResult(text, false);
    }

    public static ToolResult fault(String detail) {
        return new ToolResult(detail, true);
    }
}
