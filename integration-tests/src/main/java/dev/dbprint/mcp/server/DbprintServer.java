package dev.dbprint.mcp.server;

import jakarta.inject.Inject;

import dev.dbprint.mcp.cli.DbprintLauncher;
import dev.dbprint.mcp.transport.ServerLifecycle;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;

/** {@code dbprint-mcp}, packaged: the entry point of the runnable jar. */
@QuarkusMain
public class DbprintServer implements QuarkusApplication {

    @Inject
    ServerLifecycle lifecycle;

    public static void main(String... args) {
        DbprintLauncher.launch(DbprintServer.class, args);
    }

    @Override
    public int run(String... args) {
        return lifecycle.run();
    }
}
