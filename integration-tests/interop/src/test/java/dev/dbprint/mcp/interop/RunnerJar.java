package dev.dbprint.mcp.interop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server under test, the runner jar (failsafe property {@code runner.jar}) serving the bundled sample project
 * ({@code sample.project}), as the interop clients launch it: a stdio command line, or an HTTP server on a port it picks.
 */
final class RunnerJar {

    private static final Duration LISTEN_TIMEOUT = Duration.ofSeconds(20);
    private static final Pattern READY = Pattern.compile("over HTTP at (http://127\\.0\\.0\\.1:[0-9]+)/mcp ");

    private RunnerJar() {
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static Path jar() {
        return existing("runner.jar", "the runner jar packaged by integration-tests");
    }

    static Path sampleProject() {
        return existing("sample.project", "the bundled sample project src/sample");
    }

    /** What runs against the served jar, given its base URL {@code http://127.0.0.1:<port>}. */
    @FunctionalInterface
    interface Client {

        void run(String baseUrl) throws Exception;
    }

    /**
     * Runs {@code client} against the jar serving the sample over HTTP on a loopback port it picks itself
     * ({@code --port 0}), then stops the jar. The base URL comes from the server's ready line, printed once it listens:
     * a port picked here and probed until something accepted could be taken, for a moment, by another process, or be
     * "accepted" by the probe's own socket (a TCP self-connect), and the client's first request was then refused.
     */
    static void overHttp(Client client) throws Exception {
        Path log = Files.createTempFile("dbprint-interop-http-", ".log");
        Process server = new ProcessBuilder(java(), "-jar", jar().toString(), "--project", sampleProject().toString(),
                "--transport", "http", "--port", "0").redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(log.toFile()).start();
        try {
            client.run(awaitReadyLine(server, log));
        } catch (Exception | AssertionError e) {
            // what the server was doing when the client failed: whether it still runs, and what it wrote to stderr
            String state = server.isAlive() ? "server still running" : "server exited " + server.exitValue();
            e.addSuppressed(new AssertionError(state + "; its stderr:\n" + stderr(log)));
            throw e;
        } finally {
            server.destroy();
            server.waitFor();
            Files.deleteIfExists(log);
        }
    }

    /** The base URL {@code http://127.0.0.1:<port>} of the server's ready line; fails if the server exits first. */
    private static String awaitReadyLine(Process server, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + LISTEN_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            Matcher ready = READY.matcher(stderr(log));
            if (ready.find()) {
                return ready.group(1);
            }
            if (!server.isAlive()) {
                throw new AssertionError("server exited " + server.exitValue() + " before listening");
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no ready line after " + LISTEN_TIMEOUT);
    }

    /**
     * What the server has written to stderr so far. Decoded leniently: a read can end inside a character the server is
     * still writing, which {@link Files#readString} would refuse.
     */
    private static String stderr(Path log) throws IOException {
        return new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
    }

    private static Path existing(String property, String what) {
        String value = System.getProperty(property);
        if (value == null || !Files.exists(Path.of(value))) {
            throw new IllegalStateException("system property " + property + " does not name " + what + ": " + value
                    + " (run through maven-failsafe after the integration-tests module is packaged)");
        }
        return Path.of(value).toAbsolutePath().normalize();
    }
}
