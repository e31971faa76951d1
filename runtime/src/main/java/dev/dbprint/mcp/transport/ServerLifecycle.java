package dev.dbprint.mcp.transport;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.ConfigError;
import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.DbprintConfig;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.ShutdownEvent;

/**
 * Runs the server once Quarkus is up: resolves the served connections (a configuration fault exits 1 before anything is
 * served), starts the stdio transport when it is the chosen one (HTTP routes are registered at boot), and waits for a
 * signal or EOF. At shutdown the calls already read are answered before the process exits 0 (§7.3).
 */
@ApplicationScoped
public class ServerLifecycle {

    @Inject
    DbprintConfig config;

    @Inject
    Connections connections;

    @Inject
    StdioTransport stdio;

    public int run() {
        try {
            connections.set();
        } catch (ConfigError e) {
            System.err.println("dbprint serve: " + e.getMessage());
            return 1;
        }
        if (!config.http()) {
            stdio.start();
        }
        Quarkus.waitForExit();
        return 0;
    }

    void drain(@Observes ShutdownEvent event) {
        stdio.stop();
    }
}
