package dev.dbprint.mcp.protocol;

import org.jboss.logging.Logger;

import dev.dbprint.mcp.tool.call.ToolRegistry;

/**
 * Builds the tool registry, once, on a thread of its own, as the protocol's tool replies are built: under stdio while
 * the boot reads and answers {@code initialize}, which leaves the second processor idle. The registry reads the eight
 * tools' descriptors from the jar when first used, and a client that calls a tool without listing them first paid for
 * that reading in its first call.
 */
final class ToolsWarmup {

    private static final Logger LOG = Logger.getLogger(ToolsWarmup.class);

    private ToolsWarmup() {
    }

    static void begin(ToolRegistry tools) {
        Thread builder = new Thread(() -> {
            try {
                tools.all();
            } catch (RuntimeException e) {
                // the first tools/list or tools/call builds the registry again and answers with the failure
                LOG.debug("building the tool registry ahead failed", e);
            }
        }, "dbprint-tools-warmup");
        builder.setDaemon(true);
        builder.start();
    }
}
