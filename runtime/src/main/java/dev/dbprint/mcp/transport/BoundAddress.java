package dev.dbprint.mcp.transport;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.ConfigProvider;

import io.quarkus.runtime.LaunchMode;
import io.quarkus.value.registry.ValueRegistry;
import io.quarkus.vertx.http.HttpServer;

/**
 * Where the HTTP listener is bound: the configured host, and the port Quarkus registers once the listener has bound
 * one. The registered port is the real one whatever was asked ({@code --port 0}, a test's random port), where the
 * configured port would be 0. After a dev-mode live reload it is the port the listener kept.
 */
@ApplicationScoped
public class BoundAddress {

    @Inject
    ValueRegistry values;

    /** {@code quarkus.http.host}; the launcher always sets it. */
    public String host() {
        return ConfigProvider.getConfig().getOptionalValue("quarkus.http.host", String.class).orElse("127.0.0.1");
    }

    /**
     * The port of a listener bound in an earlier start of this JVM. A dev-mode live reload restarts the application
     * but keeps the listener (and this class, which is not reloaded), so nothing registers the port again.
     */
    private static volatile int keptPort;

    /** The bound port, or 0 while nothing is bound. */
    public int port() {
        int port = values.getOrDefault(HttpServer.HTTP_PORT, 0);
        if (port > 0) {
            keptPort = port;
            return port;
        }
        return LaunchMode.current() == LaunchMode.DEVELOPMENT ? keptPort : 0;
    }
}
