package dev.dbprint.mcp.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import dev.dbprint.mcp.error.ErrorCatalog;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The server's heap bound, whichever command started it. Given no heap option, the JVM may grow its heap to a quarter
 * of the machine's memory, and G1 takes what it may for the garbage a first search of a large print makes (about 1 GB
 * on 7,000 tables, where the launcher's 512 MB bound keeps the whole process near 0.4 GB). So a {@code java -jar}
 * started without one runs the same command again with the launcher's bound, passing its standard streams, signals
 * and exit code through; a bound the user chose ({@code -Xmx}, {@code -XX:MaxRAMPercentage}, …) is kept as given.
 */
final class HeapBound {

    /** The launcher's bound ({@code src/startup/dbprint-mcp}). */
    static final String BOUND = "-Xmx512m";
    private static final List<String> HEAP_OPTIONS = List.of("-Xmx", "-XX:MaxHeapSize=", "-XX:MaxRAM=",
            "-XX:MaxRAMPercentage=", "-XX:MaxRAMFraction=");

    private HeapBound() {
    }

    /**
     * The command to run in this process's place: the same one with the bound first, when neither the launcher (which
     * always passes one) nor any JVM option bounds the heap. Empty in a native image, whose heap is bounded otherwise,
     * and where the platform does not tell this process's command line.
     */
    static Optional<List<String>> forThisProcess(String... programArgs) {
        if (Boolean.getBoolean(ServeCommand.LAUNCHER_PROPERTY)
                || System.getProperty("org.graalvm.nativeimage.imagecode") != null) {
            return Optional.empty();
        }
        ProcessHandle.Info info = ProcessHandle.current().info();
        if (info.command().isEmpty() || info.arguments().isEmpty()) {
            return Optional.empty();
        }
        List<String> jvmOptions = ManagementFactory.getRuntimeMXBean().getInputArguments();
        if (bounds(jvmOptions)) {
            return Optional.empty(); // before the launcher's options are looked for: they would not be used
        }
        return relaunch(info.command().get(), List.of(info.arguments().get()), jvmOptions,
                LauncherOptions.forThisProcess(List.of(programArgs), jvmOptions));
    }

    /**
     * {@code command} and its {@code arguments} with the bound first and then {@code launcherOptions}, unless
     * {@code jvmOptions} (every option the JVM was given, from the command line and the environment alike) bound the
     * heap already.
     */
    static Optional<List<String>> relaunch(String command, List<String> arguments, List<String> jvmOptions,
            List<String> launcherOptions) {
        if (bounds(jvmOptions)) {
            return Optional.empty();
        }
        List<String> bounded = new ArrayList<>();
        bounded.add(command);
        bounded.add(BOUND);
        bounded.addAll(launcherOptions);
        bounded.addAll(arguments);
        return Optional.of(bounded);
    }

    private static boolean bounds(List<String> jvmOptions) {
        return jvmOptions.stream().anyMatch(option -> HEAP_OPTIONS.stream().anyMatch(option::startsWith));
    }

    /**
     * Runs {@code command} on this process's stdin, stdout and stderr, and exits with its code. SIGTERM and SIGINT are
     * passed on as SIGTERM, which the server takes as both: it answers what it has read, then exits. One that comes
     * while the copy is being started reaches it as soon as it is.
     */
    static void runInstead(List<String> command) {
        AtomicReference<Process> copy = new AtomicReference<>();
        AtomicBoolean stopped = new AtomicBoolean();
        SignalHandler passOn = signal -> {
            stopped.set(true);
            Process running = copy.get();
            if (running != null) {
                running.destroy();
            }
        };
        Signal.handle(new Signal("TERM"), passOn);
        Signal.handle(new Signal("INT"), passOn);
        Process bounded;
        try {
            bounded = new ProcessBuilder(command).inheritIO().start();
        } catch (IOException e) {
            System.err.println(ErrorCatalog.startupRefusal("cannot start " + command.get(0) + " with " + BOUND + ": "
                    + e.getMessage()));
            System.exit(1);
            return;
        }
        copy.set(bounded);
        if (stopped.get()) {
            bounded.destroy();
        }
        System.exit(exitCode(bounded));
    }

    private static int exitCode(Process process) {
        while (true) {
            try {
                return process.waitFor();
            } catch (InterruptedException e) {
                // nothing here interrupts this thread on purpose: keep waiting for the copy, whose code is the answer
            }
        }
    }
}
