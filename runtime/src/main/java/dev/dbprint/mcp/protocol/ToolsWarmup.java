package dev.dbprint.mcp.protocol;

import dev.dbprint.mcp.tool.call.ToolRegistry;

/**
 * Builds the tool registry, once, on a thread of its own, as the protocol's tool replies are built: under stdio while
 * the boot reads and answers {@code initialize}, which leaves the second processor idle. The registry reads the eight
 * tools' descriptors from the jar when first used, and a client that calls a tool without listing them first paid for
 * that reading in its first call.
 */
final class ToolsWarmup {

    private ToolsWarmup() {
    }

    static void begin(ToolRegistry tools) {
        // a failure here is met again by the first tools/list or tools/call, which builds the registry itself
        SideThread.start(ToolsWarmup.class, "dbprint-tools-warmup", "building the tool registry ahead", tools::all);
    }
}
