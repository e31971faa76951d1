package dev.dbprint.mcp.cli;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.ObservesAsync;
import jakarta.inject.Inject;

import dev.dbprint.mcp.config.ConfigError;
import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.ServedSet;
import dev.dbprint.mcp.protocol.ServerIdentity;
import dev.dbprint.mcp.transport.StdioTransport;
import io.quarkus.value.registry.ValueRegistry;
import io.quarkus.vertx.http.HttpServer;
import io.quarkus.vertx.http.HttpServerStart;

/**
 * One line on stderr once the server is ready, so a person who started it by hand sees that it runs and where: under
 * stdio that it waits for a client on stdin, under HTTP the URLs with the port really bound ({@code --port 0}).
 */
@ApplicationScoped
public class ReadyLine {

    @Inject
    Connections connections;

    @Inject
    ValueRegistry values;

    void stdio(@Observes StdioTransport.Started started) {
        announce("over stdio, waiting for an MCP client on stdin (EOF, SIGINT or SIGTERM stops it)");
    }

    void http(@ObservesAsync HttpServerStart event) {
        int port = values.get(HttpServer.HTTP_PORT);
        String base = "http://" + event.options().getHost().replace("::1", "[::1]") + ":" + port;
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
