package dev.dbprint.mcp.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The packaged server as a real child process: {@code java -jar <runner.jar> args...} in a chosen working directory.
 * Frames are written to its stdin one per line; its stdout is read line by line on a thread of its own (every line is
 * kept, for checks over the whole stream) and its stderr is captured whole. Every wait has a timeout and fails the test
 * with what the server printed, so a hung server never hangs the build.
 *
 * <pre>
 * try (ServerProcess server = ServerProcess.start(ServerProcess.fixture("it-project"))) {
 *     JsonNode init = server.initialize("2025-11-25");
 *     JsonNode reply = server.request("tools/list", null);
 *     server.closeStdin();
 *     assertEquals(0, server.waitForExit());
 * }
 * </pre>
 */
public final class ServerProcess implements AutoCloseable {

    public static final ObjectMapper JSON = new ObjectMapper();
    public static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static final Object EOF = new Object();
    /** The HTTP ready line, with the port bound. */
    private static final Pattern LISTENING = Pattern.compile("over HTTP at http://\\S*:([0-9]+)/mcp ");

    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<Object> lines = new LinkedBlockingQueue<>();
    private final List<String> stdout = Collections.synchronizedList(new ArrayList<>());
    private final StringBuffer stderr = new StringBuffer();
    private final Thread stdoutReader;
    private final Thread stderrReader;
    /** Replies read while waiting for another id, kept for whoever asks for them. */
    private final Map<String, JsonNode> unclaimed = new HashMap<>();
    private int nextId = 1;

    private ServerProcess(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        this.stdoutReader = pump("stdout", process.getInputStream(), line -> {
            stdout.add(line);
            lines.add(line);
        }, () -> lines.add(EOF));
        this.stderrReader = pump("stderr", process.getErrorStream(), line -> stderr.append(line).append('\n'), () -> {
        });
    }

    /** Spawns the runner jar with {@code args} in {@code workingDirectory}. */
    public static ServerProcess start(Path workingDirectory, String... args) {
        return start(List.of(), workingDirectory, args);
    }

    /**
     * Spawns the runner jar with JVM options (e.g. {@code -Xmx256m}) before {@code -jar}. Without a heap option the
     * launcher's bound is given, as the launcher gives it, so that the process is the server itself; a jar given none
     * runs itself again with it (HeapBoundIT).
     */
    public static ServerProcess start(List<String> jvmOptions, Path workingDirectory, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (jvmOptions.stream().noneMatch(o -> o.startsWith("-Xmx"))) {
            command.add(LAUNCHER_HEAP);
        }
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(runnerJar().toString());
        command.addAll(List.of(args));
        return spawn(new ProcessBuilder(command).directory(workingDirectory.toFile()));
    }

    /** Spawns the server some other way (a launcher script): the command, working directory and environment given. */
    public static ServerProcess spawn(ProcessBuilder builder) {
        try {
            return new ServerProcess(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The server over HTTP for the project in {@code workingDirectory}, on a port it binds itself ({@code --port 0}), once
     * it listens; {@link #awaitListening()} gives the port.
     */
    public static ServerProcess startHttp(List<String> jvmOptions, Path workingDirectory) {
        ServerProcess server = start(jvmOptions, workingDirectory, "--transport", "http", "--port", "0");
        server.awaitListening();
        return server;
    }

    /** The heap bound the launcher script gives the server. */
    static final String LAUNCHER_HEAP = "-Xmx512m";

    /** The uber-jar under test: the failsafe system property {@code runner.jar}. */
    public static Path runnerJar() {
        String jar = System.getProperty("runner.jar");
        if (jar == null || !Files.isRegularFile(Path.of(jar))) {
            throw new IllegalStateException("system property runner.jar does not name the built jar: " + jar
                    + " (run the integration tests through maven-failsafe after package)");
        }
        return Path.of(jar);
    }

    /** A directory under {@code src/test/resources}, as copied to the test classpath. */
    public static Path fixture(String name) {
        try {
            return Path.of(ServerProcess.class.getClassLoader().getResource(name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("no test resource directory " + name, e);
        }
    }

    /** The version the build stamps into serverInfo: the failsafe system property {@code project.version}. */
    public static String projectVersion() {
        String version = System.getProperty("project.version");
        if (version == null || version.isBlank()) {
            throw new IllegalStateException("system property project.version is not set by failsafe");
        }
        return version;
    }

    /** A TCP port nothing listens on right now. */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- stdin ----

    /** Writes one frame (a line) to stdin; the newline is added. */
    public ServerProcess send(String frame) {
        return sendRaw((frame + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Writes bytes to stdin as they are. */
    public ServerProcess sendRaw(byte[] bytes) {
        try {
            stdin.write(bytes);
            stdin.flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException("stdin closed; stderr so far:\n" + stderr, e);
        }
    }

    public ServerProcess send(JsonNode message) {
        return send(write(message));
    }

    /** Sends a request with a fresh numeric id and returns that id. */
    public int sendRequest(String method, JsonNode params) {
        int id = nextId++;
        send(message(id, method, params));
        return id;
    }

    public void notify(String method, JsonNode params) {
        ObjectNode m = JSON.createObjectNode().put("jsonrpc", "2.0").put("method", method);
        if (params != null) {
            m.set("params", params);
        }
        send(m);
    }

    /** Sends a request and waits for the reply carrying its id; other frames read meanwhile are kept. */
    public JsonNode request(String method, JsonNode params) {
        return awaitReply(sendRequest(method, params));
    }

    /** {@code initialize} with the given protocol version, then {@code notifications/initialized}; the reply. */
    public JsonNode initialize(String protocolVersion) {
        ObjectNode params = JSON.createObjectNode().put("protocolVersion", protocolVersion);
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "dbprint-it").put("version", "0");
        JsonNode reply = request("initialize", params);
        notify("notifications/initialized", null);
        return reply;
    }

    /** EOF on the server's stdin: for stdio, the client hanging up (spec §7.3). */
    public void closeStdin() {
        try {
            stdin.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- stdout ----

    /** The next stdout line, or null once stdout has ended; fails after {@code timeout}. */
    public String readLine(Duration timeout) {
        try {
            Object line = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (line == null) {
                throw new AssertionError("no stdout line within " + timeout + "; stderr:\n" + stderr);
            }
            if (line == EOF) {
                lines.add(EOF);
                return null;
            }
            return (String) line;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The next stdout line parsed as JSON; fails at EOF, on timeout, or if the line is not JSON. */
    public JsonNode readFrame(Duration timeout) {
        String line = readLine(timeout);
        if (line == null) {
            throw new AssertionError("stdout ended; exit " + exitCodeIfExited() + "; stderr:\n" + stderr);
        }
        return parse(line);
    }

    public JsonNode readFrame() {
        return readFrame(TIMEOUT);
    }

    /** Reads frames until the response with this id arrives (replies may come in any order). */
    public JsonNode awaitReply(Object id) {
        String key = JSON.valueToTree(id).toString();
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!unclaimed.containsKey(key)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no reply with id " + key + " within " + TIMEOUT + "; stderr:\n" + stderr);
            }
            JsonNode frame = readFrame(Duration.ofNanos(left));
            unclaimed.put(frame.isObject() && frame.has("id") ? frame.get("id").toString() : "frame#" + unclaimed.size(),
                    frame);
        }
        return unclaimed.remove(key);
    }

    /** Every stdout line so far. */
    public List<String> stdoutLines() {
        synchronized (stdout) {
            return List.copyOf(stdout);
        }
    }

    /** Everything the server wrote to stderr so far. */
    public String stderr() {
        return stderr.toString();
    }

    // ---- lifecycle ----

    public Process process() {
        return process;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Sends SIGTERM and leaves the pipes open, so what the server writes while it shuts down is still read.
     * {@link Process#destroy()} also sends SIGTERM on Linux but then closes this side's stdin, stdout and stderr, which
     * throws away every reply and log line written after the signal.
     */
    public void terminate() {
        signal(false);
    }

    /** SIGINT, as Ctrl-C in a terminal sends it. */
    public void interrupt() {
        signal("INT");
    }

    /** SIGQUIT, as Ctrl-\ in a terminal sends it: the JVM prints a thread dump and runs on. */
    public void quit() {
        signal("QUIT");
    }

    /** A signal by name, through {@code kill}: Java has an API for SIGTERM and SIGKILL only. */
    private void signal(String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** SIGKILL, pipes left open. */
    public void kill() {
        signal(true);
    }

    private void signal(boolean force) {
        ProcessHandle handle = process.toHandle();
        if (!(force ? handle.destroyForcibly() : handle.destroy()) && process.isAlive()) {
            throw new IllegalStateException("could not signal process " + process.pid());
        }
    }

    /** Waits for the process to end and for its output to be read to the end; the exit code. */
    public int waitForExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("server still running after " + timeout + "; stderr:\n" + stderr);
            }
            stdoutReader.join(timeout.toMillis());
            stderrReader.join(timeout.toMillis());
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    public int waitForExit() {
        return waitForExit(TIMEOUT);
    }

    /** Waits until stderr holds a line matching {@code pattern} and returns its match; fails if the server dies first. */
    public Matcher awaitStderr(Pattern pattern) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = pattern.matcher(stderr);
            if (m.find()) {
                return m;
            }
            if (!process.isAlive()) {
                throw new AssertionError("server exited " + process.exitValue() + " before printing " + pattern
                        + "; stderr:\n" + stderr);
            }
            sleep(20);
        }
        throw new AssertionError("no " + pattern + " on stderr after " + TIMEOUT + "; stderr:\n" + stderr);
    }

    /**
     * Whether something accepts TCP connections on {@code host:port} now. A probe whose own ephemeral port is the one
     * probed connects to itself (a TCP simultaneous open) with nothing listening; that is not taken for a listener.
     */
    public static boolean accepts(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 200);
            return !toItself(s);
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether a connected socket's peer is the socket itself. */
    static boolean toItself(Socket s) {
        return s.getLocalPort() == s.getPort() && s.getLocalAddress().equals(s.getInetAddress());
    }

    /**
     * Waits until this server, started with {@code --port 0}, says it listens over HTTP, and returns the port its ready
     * line names; fails if the server dies first. The line is printed once the port is bound, so no probe is needed, and
     * none could be trusted: a port picked by the test beforehand may be taken for a moment by another process between
     * the pick and the server's bind, and a probe whose own ephemeral port is the probed one connects to itself (a TCP
     * self-connect) with nothing listening; either way the test's first request was refused.
     */
    public int awaitListening() {
        return Integer.parseInt(awaitStderr(LISTENING).group(1));
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    // ---- JSON ----

    public static ObjectNode message(Object id, String method, JsonNode params) {
        ObjectNode m = JSON.createObjectNode().put("jsonrpc", "2.0");
        m.set("id", JSON.valueToTree(id));
        m.put("method", method);
        if (params != null) {
            m.set("params", params);
        }
        return m;
    }

    public static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }

    public static String write(JsonNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private String exitCodeIfExited() {
        return process.isAlive() ? "(still running)" : String.valueOf(process.exitValue());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Thread pump(String name, InputStream in, java.util.function.Consumer<String> sink, Runnable atEnd) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    sink.accept(line);
                }
            } catch (IOException ignored) {
                // the process went away; what was read is kept
            } finally {
                atEnd.run();
            }
        }, "server-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
