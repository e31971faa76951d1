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

    /**
     * How long the stdio client stays silent, every frame of it answered, before the boot goes on: longer than a client
     * takes to send its next frame once it has a reply, far shorter than a model takes to make its first call.
     */
    static final long QUIET_NANOS = 100_000_000L;
    /** The longest the boot waits for a client that keeps sending (log records wait for the boot's logging). */
    static final long HOLD_NANOS = 10_000_000_000L;

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
     * the moment it spawns the server, and its first calls as soon as it has the answer. The rest of the boot (run-time
     * configuration, logging, Vert.x, which stdio never uses) then waits until the client is quiet, so that those
     * frames have both processors of a small machine rather than sharing them with it; it goes on at once at EOF or a
     * signal, and after {@link #HOLD_NANOS} however busy the client. Nothing starts when the connections do not
     * resolve; {@link #run()} then says why and exits 1.
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
        stdio.awaitQuiet(QUIET_NANOS, HOLD_NANOS);
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
