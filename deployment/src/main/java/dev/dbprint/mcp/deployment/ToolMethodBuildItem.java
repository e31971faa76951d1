package dev.dbprint.mcp.deployment;

import java.util.List;

import io.quarkus.arc.processor.InvokerInfo;
import io.quarkus.builder.item.MultiBuildItem;

/** One checked {@code @McpTool} method: the tool's name, the properties it folds, and the invoker ArC generates for it. */
final class ToolMethodBuildItem extends MultiBuildItem {

    private final String name;
    private final List<String> foldCase;
    private final InvokerInfo invoker;

    ToolMethodBuildItem(String name, List<String> foldCase, InvokerInfo invoker) {
        this.name = name;
        this.foldCase = List.copyOf(foldCase);
        this.invoker = invoker;
    }

    String name() {
        return name;
    }

    List<String> foldCase() {
        return foldCase;
    }

    InvokerInfo invoker() {
        return invoker;
    }
}
