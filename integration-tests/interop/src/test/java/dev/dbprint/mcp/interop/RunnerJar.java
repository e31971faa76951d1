package dev.dbprint.mcp.interop;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The server under test, the runner jar (failsafe property {@code runner.jar}) serving the bundled sample project
 * ({@code sample.project}), as the interop clients launch it: a stdio command line, or an HTTP server on a free port.
 */
final class RunnerJar {

    private static final Duration LISTEN_TIMEOUT = Duration.ofSeconds(20);

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

    /** Runs {@code client} against the jar serving the sample over HTTP on a free loopback port, then stops the jar. */
    static void overHttp(Client client) throws Exception {
        int port = freePort();
        Process server = startHttp(port);
        try {
            client.run("http://127.0.0.1:" + port);
        } finally {
            server.destroy();
            server.waitFor();
        }
    }

    /** The jar serving the sample over HTTP on {@code port}, once it accepts connections. */
    private static Process startHttp(int port) throws IOException, InterruptedException {
        Process server = new ProcessBuilder(java(), "-jar", jar().toString(), "--project", sampleProject().toString(),
                "--transport", "http", "--port", Integer.toString(port))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            awaitListening(server, port);
            return server;
        } catch (AssertionError | InterruptedException e) {
            server.destroy();
            throw e;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static Path existing(String property, String what) {
        String value = System.getProperty(property);
        if (value == null || !Files.exists(Path.of(value))) {
            throw new IllegalStateException("system property " + property + " does not name " + what + ": " + value
                    + " (run through maven-failsafe after the integration-tests module is packaged)");
        }
        return Path.of(value).toAbsolutePath().normalize();
    }

    /** Polls until the server accepts connections, failing early if it exits first. */
    private static void awaitListening(Process server, int port) throws InterruptedException {
        long deadline = System.nanoTime() + LISTEN_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new AssertionError("server exited " + server.exitValue() + " before listening on " + port);
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("nothing listening on port " + port + " after " + LISTEN_TIMEOUT);
    }
}
