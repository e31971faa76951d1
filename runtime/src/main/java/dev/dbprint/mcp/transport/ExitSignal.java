package dev.dbprint.mcp.transport;

import io.quarkus.runtime.Quarkus;

/**
 * SIGTERM and SIGINT ask for a graceful exit (§7.3). Quarkus drops an exit asked for before it registers its
 * application: it resets its exit state then, after static init, from which stdio already serves. So a signal is kept
 * here as well, and asked for again once the application runs.
 */
public final class ExitSignal {

    private static volatile boolean received;

    private ExitSignal() {
    }

    /** A signal's handler: asks Quarkus to exit now, and remembers it for {@link #askAgainIfReceived()}. */
    public static void receive() {
        received = true;
        Quarkus.asyncExit(0);
    }

    /** Once the application runs: asks again when a signal came before (a second ask changes nothing). */
    public static void askAgainIfReceived() {
        if (received) {
            Quarkus.asyncExit(0);
        }
    }
}
