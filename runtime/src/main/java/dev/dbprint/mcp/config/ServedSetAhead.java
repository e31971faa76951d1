package dev.dbprint.mcp.config;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * The served set resolved ahead, on a thread of its own while Quarkus boots on the main one. Reading {@code .dbprint.yaml}
 * is the process's first use of the YAML parser, tens of milliseconds of loading classes; under stdio nothing binds
 * before the set is resolved, so the launcher need not wait for it before booting. {@link Connections} takes it when it
 * was resolved for the same project file and connection names, and a fault is thrown there as resolving there would
 * have thrown it (the server then exits 1 before it serves anything).
 */
public final class ServedSetAhead {

    private record Ahead(Path file, List<String> names, CompletableFuture<ServedSet> set) {
    }

    private static volatile Ahead ahead;

    private ServedSetAhead() {
    }

    /** Starts resolving {@code names} against the project file {@code file}. */
    public static void begin(Path file, List<String> names) {
        CompletableFuture<ServedSet> set = new CompletableFuture<>();
        List<String> copy = List.copyOf(names);
        ahead = new Ahead(file, copy, set);
        Thread t = new Thread(() -> {
            try {
                set.complete(ServedSet.resolve(DbprintYaml.read(file), copy));
            } catch (RuntimeException | Error e) {
                set.completeExceptionally(e);
            }
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
