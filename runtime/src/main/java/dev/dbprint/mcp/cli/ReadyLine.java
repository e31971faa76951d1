package dev.dbprint.mcp.cli;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.ConfigError;
import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.ServedSet;
import dev.dbprint.mcp.protocol.ServerIdentity;
import dev.dbprint.mcp.transport.BoundAddress;
import dev.dbprint.mcp.transport.HttpTransport;
import dev.dbprint.mcp.transport.StdioTransport;

/**
 * One line on stderr once the server is ready, so a person who started it by hand sees that it runs and where: under
 * stdio that it waits for a client on stdin, under HTTP the URLs with the port really bound ({@code --port 0}).
 */
@ApplicationScoped
public class ReadyLine {

    @Inject
    Connections connections;

    @Inject
    BoundAddress address;

    void stdio(@Observes StdioTransport.Started started) {
        announce("over stdio, waiting for an MCP client on stdin (EOF, SIGINT or SIGTERM stops it)");
    }

    /**
     * Not on Quarkus's {@code HttpServerStart}: that event may come from one event loop's listener before another has
     * registered the bound port, and the line was then lost to an error in the log.
     */
    void http(@Observes HttpTransport.Listening listening) {
        String base = "http://" + address.host().replace("::1", "[::1]") + ":" + address.port();
        announce("over HTTP at " + base + "/mcp (Streamable HTTP) and " + base + "/sse (HTTP+SSE)");
    }

    private void announce(String how) {
        ServedSet set;
        try {
            set = connections.set();
        } catch (ConfigError e) {
            return; // the server is not going to serve: ServerLifecycle says why and exits 1
        }
        System.err.println("dbprint-mcp " + ServerIdentity.version() + ": serving " + String.join(", ", set.servedNames())
                + " of " + set.project().file() + " " + how);
    }
}
