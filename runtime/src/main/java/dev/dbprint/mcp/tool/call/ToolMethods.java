package dev.dbprint.mcp.tool.call;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.invoke.Invoker;

/**
 * The {@code @McpTool} methods the deployment module found and checked at build time, each with the invoker ArC
 * generated for it (which looks the bean up and calls the method directly), in tool name order.
 */
public final class ToolMethods {

    /** One tool method: the tool's name, the properties it folds to lower case, and its generated invoker. */
    public record Method(String name, List<String> foldCase, Invoker<Object, Object> invoker) {
    }

    private final List<Method> methods = new ArrayList<>();

    void add(Method method) {
        methods.add(method);
    }

    public List<Method> all() {
        return List.copyOf(methods);
    }
}
