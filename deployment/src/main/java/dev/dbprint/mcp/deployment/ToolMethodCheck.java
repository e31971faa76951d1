package dev.dbprint.mcp.deployment;

import java.lang.reflect.Modifier;
import java.util.Optional;

import org.jboss.jandex.MethodInfo;
import org.jboss.jandex.Type;

import dev.dbprint.mcp.tool.call.ToolCall;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * What makes an {@code @McpTool} method one the server can call: declared by a bean class, public, not static, taking
 * one {@code ToolCall} and returning a {@code ToolResult}, for a tool whose descriptor file
 * {@code dbprint/tools/<name>.json} exists.
 */
final class ToolMethodCheck {

    private static final String DESCRIPTORS = "dbprint/tools/";

    private ToolMethodCheck() {
    }

    /** Why {@code method} cannot answer tool {@code name}, or empty when it can. */
    static Optional<String> problem(MethodInfo method, String name) {
        String where = where(method, name);
        if (!Modifier.isPublic(method.flags()) || Modifier.isStatic(method.flags())) {
            return Optional.of(where + " must be a public instance method");
        }
        if (method.parametersCount() != 1 || !is(method.parameterType(0), ToolCall.class)) {
            return Optional.of(where + " must take exactly one " + ToolCall.class.getSimpleName());
        }
        if (!is(method.returnType(), ToolResult.class)) {
            return Optional.of(where + " must return " + ToolResult.class.getSimpleName());
        }
        if (Thread.currentThread().getContextClassLoader().getResource(DESCRIPTORS + name + ".json") == null) {
            return Optional.of(where + " has no descriptor " + DESCRIPTORS + name + ".json");
        }
        return Optional.empty();
    }

    /** Why {@code method}, declared by a class that is no bean, cannot answer tool {@code name}. */
    static String notOnABean(MethodInfo method, String name) {
        return where(method, name) + " is declared by a class that is not a bean: the server calls only methods a bean"
                + " class declares itself; give the class a bean scope such as @ApplicationScoped";
    }

    private static String where(MethodInfo method, String name) {
        return method.declaringClass().name() + "#" + method.name() + " (@McpTool(\"" + name + "\"))";
    }

    private static boolean is(Type type, Class<?> expected) {
        return type.name().toString().equals(expected.getName());
    }
}
