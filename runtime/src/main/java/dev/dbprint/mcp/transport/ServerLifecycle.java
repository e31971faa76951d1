package dev.dbprint.mcp.transport;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.ConfigError;
import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.DbprintConfig;
import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.shutdown.ExitRequest;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.ShutdownEvent;

/**
 * Runs the server: resolves the served connections (a configuration fault exits 1 before anything is served), starts
 * the stdio transport while Quarkus boots when it is the chosen one (HTTP routes are registered at boot), and once
 * Quarkus is up (under HTTP, with every listener bound: {@link HttpTransport.Listening}) waits for a signal or EOF. At
 * shutdown the calls already read are answered before the process exits 0 (§7.3).
 */
@ApplicationScoped
public class ServerLifecycle {

    @Inject
    DbprintConfig config;

    @Inject
    Connections connections;

    @Inject
    StdioTransport stdio;

    @Inject
    Event<StdioTransport.Started> started;

    @Inject
    Event<HttpTransport.Listening> listening;

    /**
     * Under stdio, starts serving while Quarkus is still booting, from the static-init step right after the bean
     * container (a native image's run-time init instead, before Vert.x is created): a client sends {@code initialize}
     * the moment it spawns the server, and the rest of the boot (run-time configuration, logging, Vert.x, which stdio
     * never uses) goes on beside its answer. Nothing starts when the connections do not resolve; {@link #run()}
     * then says why and exits 1.
     */
    public void serveStdioEarly() {
        if (config.http()) {
            return;
        }
        try {
            connections.set();
        } catch (ConfigError e) {
            return;
        }
        stdio.start();
        started.fire(new StdioTransport.Started());
    }

    public int run() {
        try {
            connections.set();
        } catch (ConfigError e) {
            System.err.println(ErrorCatalog.startupRefusal(e.getMessage()));
            return 1;
        }
        if (config.http()) {
            listening.fire(new HttpTransport.Listening());
        }
        ExitRequest.askAgainIfAsked(); // a signal or EOF during static init, which Quarkus forgot
        Quarkus.waitForExit();
        return 0;
    }

    void drain(@Observes ShutdownEvent event) {
        stdio.stop();
    }
}
