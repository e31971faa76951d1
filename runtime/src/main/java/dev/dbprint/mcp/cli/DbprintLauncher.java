package dev.dbprint.mcp.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import dev.dbprint.mcp.config.ConfigError;
import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.shutdown.ExitRequest;
import dev.dbprint.mcp.transport.StdioStreams;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;
import sun.misc.Signal;

/**
 * What {@code main} does: run again with a heap bound when given none ({@link HeapBound}), install SIGTERM/SIGINT
 * handlers that shut down gracefully with exit 0 (the JVM alone exits 143/130), keep stdout for frames, answer
 * {@code --help} and {@code --version} on stdout, turn the flags into configuration (exit 1 on a bad one, with the
 * usage when it does not parse), then boot.
 */
public final class DbprintLauncher {

    /**
     * Set by {@code quarkus:dev} for the dev JVM (outside the {@code dbprint.} prefix, which the config mapping owns). Quarkus's own launch mode is not known yet when {@code main} runs
     * (it is set as the application boots), so dev mode says so itself.
     */
    public static final String DEV_MODE = "dbprint-mcp.dev-mode";

    private DbprintLauncher() {
    }

    public static void launch(Class<? extends QuarkusApplication> application, String... args) {
        if (Boolean.getBoolean(DEV_MODE)) {
            // quarkus:dev (the app's POM sets this for the dev JVM): the %dev profile already chose HTTP on loopback
            // and the print; the CLI's defaults would force the stdio profile, which turns the HTTP listener (and with
            // it the Dev UI) off and exits at stdin's EOF
            Quarkus.run(application, args);
            return;
        }
        Optional<List<String>> bounded = HeapBound.forThisProcess(args);
        if (bounded.isPresent()) {
            HeapBound.runInstead(bounded.get());
            return;
        }
        // first of all: a signal while the flags are read or Jackson warms up is a clean exit as well, not the JVM's
        // 143/130 with the frames already written unanswered; a bad flag still exits 1 below, whatever the timing
        Signal.handle(new Signal("TERM"), s -> ExitRequest.ask());
        Signal.handle(new Signal("INT"), s -> ExitRequest.ask());
        StdioStreams.capture();
        ServeCommand.Parsed parsed;
        try {
            parsed = ServeCommand.parse(args);
        } catch (ConfigError e) {
            System.err.println(ErrorCatalog.startupRefusal(e.getMessage()));
            if (e instanceof UsageError) {
                System.err.print(ServeCommand.usage());
            }
            System.exit(1);
            return;
        }
        if (parsed.exitWith().isPresent()) {
            // --help and --version answer on stdout, as command-line programs do: no frame is ever written in this run
            PrintStream stdout = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
            stdout.print(parsed.exitWith().get());
            stdout.flush();
            System.exit(0);
            return;
        }
        JsonWarmup.start();
        parsed.properties().forEach(p -> System.setProperty(p[0], p[1]));
        Quarkus.run(application, args);
    }
}
