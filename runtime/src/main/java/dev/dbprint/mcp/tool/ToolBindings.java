package dev.dbprint.mcp.tool;

import java.util.List;

/**
 * The build-time list of tool methods, each {@code <declaring class>#<method>}, recorded before any bean is created.
 */
public final class ToolBindings {

    private static volatile List<String> bindings = List.of();

    private ToolBindings() {
    }

    static void set(List<String> found) {
        bindings = List.copyOf(found);
    }

    static List<String> get() {
        return bindings;
    }
}
