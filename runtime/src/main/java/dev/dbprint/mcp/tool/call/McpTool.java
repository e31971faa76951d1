package dev.dbprint.mcp.tool.call;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a bean method as the body of an MCP tool. The method takes a {@link ToolCall} and returns a {@link ToolResult};
 * its name, description and input schema come from {@code dbprint/tools/<name>.json}, the schema exactly as the spec
 * prints it. The deployment module collects these methods at build time.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface McpTool {

    /** The tool's wire name, e.g. {@code list_tables}. */
    String value();

    /** Properties whose string value is lower-cased before the enum check (spec §8.2: {@code format}, {@code purpose}). */
    String[] foldCase() default {};
}
