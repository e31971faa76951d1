package dev.dbprint.mcp.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An MCP server spawned as a child process and spoken to over stdio, one newline-delimited JSON-RPC frame a line, one
 * request at a time. The clock of {@link #timed} runs from writing the request to reading the reply's last byte (the
 * end of its line), so both servers are timed the same way; parsing the reply happens after the clock stops. Its stderr
 * is drained on a thread of its own so a chatty server never blocks. With {@link #timeoutEach} a call gives up after a
 * while: stdout is then read on a thread of its own too (a blocked pipe read cannot be abandoned), which costs each
 * reply a hand-over between threads, so the sub-millisecond timings of the peer bench read stdout directly.
 */
public final class StdioServer implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    private static final String END = new String("end of stdout"); // compared by identity: never a line read

    /**
     * A reply, how long the round trip took, and how many collections of this JVM (the client's own) ran while the clock
     * ran: a pause of the client's stretches the round trip by its length, whatever the server did.
     */
    public record Reply(String line, long nanos, long clientCollections) {

        public JsonNode json() {
            try {
                return JSON.readTree(line);
            } catch (IOException e) {
                throw new IllegalStateException("not JSON: " + line, e);
            }
        }

        /** {@code result.content[0].text} of a tools/call reply; fails on an error reply. */
        public String toolText() {
            JsonNode r = json();
            if (r.has("error") || r.path("result").path("isError").asBoolean(false)) {
                throw new IllegalStateException("the call failed: " + line);
            }
            return r.path("result").path("content").path(0).path("text").asText();
        }
    }

    private final Process process;
    private final OutputStream stdin;
    private final BufferedReader stdout;
    private final StringBuffer stderr = new StringBuffer();
    private final long startNanos;
    private int nextId = 1;
    private Duration timeout;
    private BlockingQueue<String> lines;

    private StdioServer(Process process, long startNanos) {
        this.process = process;
        this.startNanos = startNanos;
        this.stdin = process.getOutputStream();
        this.stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        drain(process.getErrorStream(), stderr);
    }

    /** A call the server did not answer within the {@link #timeoutEach} time; the process is left running. */
    public static final class TimedOut extends RuntimeException {

        TimedOut(String method, Duration after) {
            super(method + " not answered after " + after.toSeconds() + " s");
        }
    }

    /** Spawns {@code command} in {@code directory}. */
    public static StdioServer start(List<String> command, Path directory) {
        return start(command, directory, Map.of());
    }

    /** Spawns {@code command} in {@code directory} with {@code environment} added to this process's own. */
    public static StdioServer start(List<String> command, Path directory, Map<String, String> environment) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().putAll(environment);
        long start = System.nanoTime();
        try {
            return new StdioServer(builder.start(), start);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** From now on every request throws {@link TimedOut} when its reply has not arrived within {@code limit}. */
    public StdioServer timeoutEach(Duration limit) {
        if (lines == null) {
            lines = new LinkedBlockingQueue<>();
            Thread t = new Thread(() -> {
                try {
                    for (String line = stdout.readLine(); line != null; line = stdout.readLine()) {
                        lines.add(line);
                    }
                } catch (IOException ignored) {
                    // the process went away: the same as the end of its output
                }
                lines.add(END);
            }, "bench-stdout");
            t.setDaemon(true);
            t.start();
        }
        timeout = limit;
        return this;
    }

    /**
     * Sends {@code initialize} at once and returns the nanoseconds from spawning the process to the reply, then sends
     * {@code notifications/initialized}.
     */
    public long initialize() {
        ObjectNode params = JSON.createObjectNode().put("protocolVersion", "2025-06-18");
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "dbprint-peer-bench").put("version", "1");
        timed("initialize", params);
        long sinceStart = System.nanoTime() - startNanos;
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return sinceStart;
    }

    /** {@code tools/call} of {@code name} with {@code arguments}, timed. */
    public Reply callTool(String name, ObjectNode arguments) {
        ObjectNode params = JSON.createObjectNode().put("name", name);
        params.set("arguments", arguments);
        return timed("tools/call", params);
    }

    /** A request with a fresh id; waits for the line answering it. Requests from the server are refused. */
    public Reply timed(String method, JsonNode params) {
        int id = nextId++;
        ObjectNode m = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        m.set("params", params);
        String frame = m.toString();
        long collections = collections();
        long t = System.nanoTime();
        send(frame);
        while (true) {
            String line = readLine(method, t);
            long nanos = System.nanoTime() - t;
            long clientCollections = collections() - collections;
            if (!line.startsWith("{")) { // not a frame: JFR, started by jcmd for --profile, announces itself on stdout
                continue;
            }
            JsonNode reply = new Reply(line, nanos, clientCollections).json();
            if (reply.has("method")) { // a notification or a request of the server's own (e.g. roots/list)
                if (reply.has("id")) {
                    send("{\"jsonrpc\":\"2.0\",\"id\":" + reply.get("id") + ",\"error\":{\"code\":-32601,"
                            + "\"message\":\"Method not found\"}}");
                }
                continue;
            }
            if (reply.path("id").asInt(-1) == id) {
                return new Reply(line, nanos, clientCollections);
            }
        }
    }

    /** The collections this JVM has run so far, of every collector. */
    private static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    public long pid() {
        return process.pid();
    }

    /** The lines of stderr so far that {@code pattern} finds something in. */
    public List<String> stderrLines(Pattern pattern) {
        return stderr.toString().lines().filter(l -> pattern.matcher(l).find()).toList();
    }

    private void send(String frame) {
        try {
            stdin.write((frame + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("stdin closed; stderr:\n" + stderr, e);
        }
    }

    /** The next line of stdout; with a timeout, one that arrives before {@code sentNanos} plus the timeout. */
    private String readLine(String method, long sentNanos) {
        try {
            String line;
            if (lines == null) {
                line = stdout.readLine();
            } else {
                line = lines.poll(sentNanos + timeout.toNanos() - System.nanoTime(), TimeUnit.NANOSECONDS);
                if (line == null) {
                    throw new TimedOut(method, timeout);
                }
                if (line == END) {
                    lines.add(END); // every later read ends here too
                    line = null;
                }
            }
            if (line == null) {
                throw new IllegalStateException("stdout ended (exit " + process.waitFor() + "); stderr:\n" + stderr);
            }
            return line;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** EOF on stdin (a clean shutdown for an MCP stdio server); killed if it has not exited after 20 seconds. */
    @Override
    public void close() {
        try {
            stdin.close();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (IOException ignored) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void drain(InputStream in, StringBuffer into) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    if (into.length() < 1_000_000) {
                        into.append(line).append('\n');
                    }
                }
            } catch (IOException ignored) {
                // the process went away
            }
        }, "bench-stderr");
        t.setDaemon(true);
        t.start();
    }
}
