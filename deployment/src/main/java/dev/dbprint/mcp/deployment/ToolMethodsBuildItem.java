package dev.dbprint.mcp.deployment;

import java.util.List;

import io.quarkus.builder.item.SimpleBuildItem;

/** Every {@code @McpTool} method found at build time, as {@code <declaring class>#<method>}, sorted. */
final class ToolMethodsBuildItem extends SimpleBuildItem {

    private final List<String> bindings;

    ToolMethodsBuildItem(List<String> bindings) {
        this.bindings = List.copyOf(bindings);
    }

    List<String> bindings() {
        return bindings;
    }
}
