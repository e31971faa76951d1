package dev.dbprint.mcp.config;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The served set resolved by the launcher before Quarkus boots, handed to {@link Connections}, so {@code .dbprint.yaml}
 * is read once per start. Under HTTP it is resolved before the boot ({@link #now}): a fault exits 1 before anything
 * binds. Under stdio nothing binds, so it is resolved on a thread of its own while Quarkus boots ({@link #begin}):
 * reading the file is the process's first use of the YAML parser, tens of milliseconds of loading classes. Connections
 * takes it when it was resolved for the same project file and connection names, and a fault is thrown there as
 * resolving there would have thrown it (the server then exits 1 before it serves anything).
 */
public final class ServedSetAhead {

    private record Ahead(Path file, List<String> names, CompletableFuture<ServedSet> set) {
    }

    private static volatile Ahead ahead;

    private ServedSetAhead() {
    }

    /** Resolves {@code names} against the project file {@code file} now, and keeps the set for Connections. */
    public static ServedSet now(Path file, List<String> names) {
        List<String> copy = List.copyOf(names);
        ServedSet set = ServedSet.resolve(DbprintYaml.read(file), copy);
        ahead = new Ahead(file, copy, CompletableFuture.completedFuture(set));
        return set;
    }

    /**
     * Starts resolving {@code names} against the project file {@code file}, on a thread of its own, which then hands the
     * set to {@code then} once Connections may take it (nothing when resolving failed; {@code then} handles its own faults).
     */
    public static void begin(Path file, List<String> names, Consumer<ServedSet> then) {
        CompletableFuture<ServedSet> set = new CompletableFuture<>();
        List<String> copy = List.copyOf(names);
        ahead = new Ahead(file, copy, set);
        Thread t = new Thread(() -> {
            try {
                set.complete(ServedSet.resolve(DbprintYaml.read(file), copy));
            } catch (RuntimeException | Error e) {
                set.completeExceptionally(e);
                return;
            }
            then.accept(set.join());
        }, "dbprint-config-ahead");
        t.setDaemon(true);
        t.start();
    }

    /** The set resolved ahead for {@code file} and {@code names}, once; else what {@code resolve} gives. */
    static ServedSet take(Path file, List<String> names, Supplier<ServedSet> resolve) {
        Ahead a = ahead;
        ahead = null;
        if (a == null || !a.file().equals(file) || !a.names().equals(names)) {
            return resolve.get();
        }
        try {
            return a.set().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error r) {
                throw r;
            }
            throw e;
        }
    }
}
