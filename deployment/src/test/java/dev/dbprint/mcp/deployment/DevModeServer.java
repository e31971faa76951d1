package dev.dbprint.mcp.deployment;

import jakarta.inject.Inject;

import dev.dbprint.mcp.transport.ServerLifecycle;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;

/** The server's entry point in a dev-mode test application, as the packaged server's runs it (ready line included). */
@QuarkusMain
public class DevModeServer implements QuarkusApplication {

    @Inject
    ServerLifecycle lifecycle;

    @Override
    public int run(String... args) {
        return lifecycle.run();
    }
}
