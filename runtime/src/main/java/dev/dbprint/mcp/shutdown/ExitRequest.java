package dev.dbprint.mcp.shutdown;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.quarkus.runtime.Quarkus;

/**
 * A graceful exit asked for by SIGTERM, SIGINT or, under stdio, EOF on stdin (§7.3). Quarkus drops an exit asked for
 * before it registers its application: it resets its exit state then, after static init, from which stdio already
 * serves. So the request is kept here as well, and asked for again once the application runs.
 */
public final class ExitRequest {

    private static volatile boolean asked;
    /** What wakes a wait that ends when an exit is asked for. */
    private static final List<Runnable> wakes = new CopyOnWriteArrayList<>();

    private ExitRequest() {
    }

    /** Asks Quarkus to exit now, and remembers it for {@link #askAgainIfAsked()}. */
    public static void ask() {
        asked = true;
        wakes.forEach(Runnable::run);
        Quarkus.asyncExit(0);
    }

    /** Runs {@code wake} when an exit is asked for, or now if it was: a wait ends at once, not at its next poll. */
    public static void onAsk(Runnable wake) {
        wakes.add(wake);
        if (asked) {
            wake.run();
        }
    }

    /** Whether an exit was asked for: whatever waits for the client to go quiet stops waiting. */
    public static boolean asked() {
        return asked;
    }

    /** Once the application runs: asks again when an exit was asked for before (a second ask changes nothing). */
    public static void askAgainIfAsked() {
        if (asked) {
            Quarkus.asyncExit(0);
        }
    }
}
