package dev.dbprint.mcp.tool;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.DbprintYaml;
import dev.dbprint.mcp.config.ProjectLocator;
import dev.dbprint.mcp.config.ServedSet;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.tool.call.McpTool;
import dev.dbprint.mcp.tool.call.ToolInvoker;
import dev.dbprint.mcp.tool.call.ToolRegistry;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * Runs a tool bean in-process the way the server does — schema check, connection resolution, body, fault mapping —
 * without booting Quarkus, over a fixture project directory holding {@code .dbprint.yaml}.
 */
public final class ToolHarness {

    public static final ObjectMapper MAPPER = new ObjectMapper();

    public final PrintStore store;
    public final PagedReplies paging = new PagedReplies();
    public final Connections connections;

    public ToolHarness(Path projectDir, String... served) {
        this(new PrintStore(), projectDir, served);
    }

    /** A harness reading through {@code store} (its cache bounds, its on-disk tree store). */
    public ToolHarness(PrintStore store, Path projectDir, String... served) {
        this.store = store;
        connections = new Connections(ServedSet.resolve(
                DbprintYaml.read(ProjectLocator.locate(Optional.of(projectDir.toString()), Path.of(""))), List.of(served)));
    }

    /** check_sql over this harness's print, its clock fixed at {@code now} (ISO 8601, UTC), with a 16 MiB read bound. */
    public CheckSqlTool checkSql(String now) {
        return new CheckSqlTool(store, paging, 1 << 24, Clock.fixed(Instant.parse(now), ZoneOffset.UTC));
    }

    /** Calls the {@code @McpTool} method of {@code bean} with arguments given as a JSON object text. */
    public ToolResult call(Object bean, String argumentsJson) {
        return call(bean, argumentsJson, () -> false);
    }

    /** As {@link #call(Object, String)}, the client withdrawing the call once {@code cancelled} says so. */
    public ToolResult call(Object bean, String argumentsJson, BooleanSupplier cancelled) {
        try {
            ObjectNode args = (ObjectNode) MAPPER.readTree(argumentsJson);
            return ToolInvoker.call(tool(bean), args, connections, cancelled);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /**
     * The tool {@code bean} answers through its one {@code @McpTool} method, called reflectively on that object: the
     * server reaches the same method through the invoker ArC generates at build time, which needs a container.
     */
    private static ToolRegistry.Tool tool(Object bean) {
        for (Method m : bean.getClass().getMethods()) {
            McpTool marker = m.getAnnotation(McpTool.class);
            if (marker != null) {
                return ToolRegistry.Tool.of(marker.value(), List.of(marker.foldCase()), call -> {
                    try {
                        return (ToolResult) m.invoke(bean, call);
                    } catch (InvocationTargetException e) {
                        // thrown as the generated invoker throws it, for the invoker's fault mapping
                        throw e.getCause() instanceof Exception cause ? cause : e;
                    }
                }, MAPPER);
            }
        }
        throw new IllegalArgumentException(bean.getClass() + " has no @McpTool method");
    }

    /** A reply's text as a JSON tree. */
    public static JsonNode parse(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    /** An expected JSON value written with single quotes for readability in a Java text block. */
    public static JsonNode singleQuoted(String json) {
        return parse(json.replace('\'', '"'));
    }
}
