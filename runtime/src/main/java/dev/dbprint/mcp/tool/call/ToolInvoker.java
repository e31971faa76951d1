package dev.dbprint.mcp.tool.call;

import java.util.Optional;
import java.util.function.BooleanSupplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.error.ErrorCatalog;

/**
 * Runs one {@code tools/call}: finds the tool, checks the arguments against its schema, resolves its connection (§5.2),
 * and turns every fault into an {@code isError} result so that no tool can take the server down (§8.3).
 */
@ApplicationScoped
public class ToolInvoker {

    private static final Logger LOG = Logger.getLogger(ToolInvoker.class);

    @Inject
    ToolRegistry registry;

    @Inject
    Connections connections;

    public ToolResult call(String name, ObjectNode arguments) {
        return call(name, arguments, () -> false);
    }

    /** As {@link #call(String, ObjectNode)} for a request its client may withdraw while it runs. */
    public ToolResult call(String name, ObjectNode arguments, BooleanSupplier cancelled) {
        ToolRegistry.Tool tool = registry.get(name);
        if (tool == null) {
            return ToolResult.fault(ErrorCatalog.unknownTool(name, registry.names()));
        }
        return call(tool, arguments, connections, cancelled);
    }

    /** Checks the arguments, resolves the connection and runs the body; every fault becomes an {@code isError} result. */
    public static ToolResult call(ToolRegistry.Tool tool, ObjectNode arguments, Connections connections) {
        return call(tool, arguments, connections, () -> false);
    }

    /** As {@link #call(ToolRegistry.Tool, ObjectNode, Connections)}, the body asking {@code cancelled} as it goes. */
    public static ToolResult call(ToolRegistry.Tool tool, ObjectNode arguments, Connections connections,
            BooleanSupplier cancelled) {
        String name = tool.name();
        try {
            ObjectNode checked = ArgumentChecker.check(tool.descriptor(), arguments, tool.foldCase());
            ServedConnection connection = null;
            if (tool.descriptor().properties().has("connection")) {
                connection = connections.resolve(Optional.ofNullable(checked.get("connection")).map(n -> n.asText()));
            }
            return tool.body().answer(new ToolCall(name, checked, connection, cancelled));
        } catch (Exception | Error e) {
            // a tool's own failure is its isError answer, never the connection's end (§8.3)
            return fault(name, e);
        }
    }

    private static ToolResult fault(String name, Throwable cause) {
        if (cause instanceof DetailedFault) {
            return ToolResult.fault(cause.getMessage());
        }
        LOG.errorf(cause, "tool %s failed", name);
        return ToolResult.fault(ErrorCatalog.internalToolError(name, cause));
    }
}
