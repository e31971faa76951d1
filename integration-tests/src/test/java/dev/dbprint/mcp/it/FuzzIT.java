package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.it.FrameFuzzer.Expect;
import dev.dbprint.mcp.it.FrameFuzzer.Frame;

/**
 * Generated JSON-RPC frames against both transports of a server on the bundled sample print, run with a 256 MB heap.
 * Every frame's reply is accounted for: a request with an id is answered exactly once, with that id, within
 * {@link #BOUND}; a frame that cannot be attributed is answered once with id null; a notification or a client's response
 * is never answered; stdout carries nothing but JSON-RPC messages; and afterwards the process is alive and answers
 * tools/list, resources/list and a tool call exactly as it did before. The seed is printed on failure
 * ({@code -Dfuzz.seed=N} replays it; {@code -Dfuzz.frames=N} changes the count).
 */
class FuzzIT {

    static final int FRAMES = Integer.getInteger("fuzz.frames", 10_000);
    static final Duration BOUND = Duration.ofSeconds(15);
    static final List<String> HEAP = List.of("-Xmx256m");

    @Test
    void stdio() throws Exception {
        long seed = seed();
        try (ServerProcess server = ServerProcess.start(HEAP, SamplePrint.source())) {
            server.initialize("2025-11-25");
            Baseline before = Baseline.take(server::request);
            FrameFuzzer fuzzer = new FrameFuzzer(seed, surface(server::request), "fz");
            StdioAccount account = new StdioAccount();

            Thread reader = new Thread(() -> account.read(server), "fuzz-reader");
            reader.setDaemon(true);
            reader.start();
            long start = System.nanoTime();
            // pipelined: frames go out in batches of 100 per write while the reader thread takes the replies
            List<Frame> batch = new ArrayList<>();
            for (Iterator<Frame> it = fuzzer.frames(FRAMES); it.hasNext();) {
                Frame f = it.next();
                account.expect(f);
                batch.add(f);
                if (batch.size() == 100 || !it.hasNext()) {
                    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                    for (Frame b : batch) {
                        out.write(b.bytes());
                        out.write('\n');
                    }
                    long sent = System.nanoTime();
                    batch.forEach(b -> account.sent(b, sent));
                    server.sendRaw(out.toByteArray());
                    batch.clear();
                }
            }
            account.awaitAll(BOUND.multipliedBy(4), () -> describe(seed, server));
            account.stop();
            reader.join(BOUND.toMillis());
            long millis = (System.nanoTime() - start) / 1_000_000;

            String context = describe(seed, server);
            account.verify(context);
            assertTrue(server.isAlive(), context);
            assertEquals(before, Baseline.take(server::request), "answers changed after fuzzing; " + context);
            System.out.printf("fuzz stdio: %d frames (%s) in %d ms, seed %d%n", FRAMES, account.kinds, millis, seed);
            server.closeStdin();
            assertEquals(0, server.waitForExit(), context);
        }
    }

    @Test
    void streamableHttp() throws Exception {
        long seed = seed();
        try (ServerProcess server = ServerProcess.start(HEAP, SamplePrint.source(), "--transport", "http", "--port", "0")) {
            int port = server.awaitListening();
            McpHttp probe = McpHttp.open(port);
            Baseline before = Baseline.take(probe::request);
            FrameFuzzer fuzzer = new FrameFuzzer(seed, surface(probe::request), "fz");
            int clients = 4;
            List<McpHttp> sessions = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                sessions.add(McpHttp.open(port));
            }
            ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
            Map<String, AtomicInteger> kinds = new ConcurrentHashMap<>();
            long start = System.nanoTime();
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            try {
                Iterator<Frame> frames = fuzzer.frames(FRAMES);
                List<Future<?>> running = new ArrayList<>();
                for (int i = 0; i < clients; i++) {
                    McpHttp client = sessions.get(i);
                    running.add(pool.submit(() -> {
                        while (true) {
                            Frame f;
                            synchronized (frames) {
                                if (!frames.hasNext()) {
                                    return null;
                                }
                                f = frames.next();
                            }
                            kinds.computeIfAbsent(f.kind(), k -> new AtomicInteger()).incrementAndGet();
                            String problem = checkHttp(f, client.post(f.text()));
                            if (problem != null) {
                                failures.add(problem);
                            }
                        }
                    }));
                }
                for (Future<?> f : running) {
                    f.get(10, TimeUnit.MINUTES);
                }
            } finally {
                pool.shutdownNow();
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            String context = describe(seed, server);
            assertEquals(List.of(), List.copyOf(failures).subList(0, Math.min(20, failures.size())),
                    failures.size() + " bad replies; " + context);
            assertTrue(server.isAlive(), context);
            assertEquals(before, Baseline.take(probe::request), "answers changed after fuzzing; " + context);
            assertEquals(List.of(), server.stdoutLines(), "the HTTP transport wrote to stdout");
            System.out.printf("fuzz http: %d frames (%s) in %d ms, seed %d%n", FRAMES, new java.util.TreeMap<>(kinds),
                    millis, seed);
            server.terminate();
            assertEquals(0, server.waitForExit(), context);
        }
    }

    /** What a Streamable HTTP reply to one frame must be; null when it is right. */
    static String checkHttp(Frame f, McpHttp.Reply r) {
        String where = f.kind() + " " + abbreviate(f.text()) + " -> " + r.status() + " " + abbreviate(r.body());
        if (r.nanos() > BOUND.toNanos()) {
            return "slower than " + BOUND + ": " + where;
        }
        return switch (f.expect()) {
            case SILENT -> r.status() == 202 && r.body().isEmpty() ? null : "a notification was answered: " + where;
            case TRACKED -> {
                if (r.status() != 200) {
                    yield "status " + r.status() + ": " + where;
                }
                String problem = messageProblem(r.body());
                if (problem != null) {
                    yield problem + ": " + where;
                }
                Set<String> ids = ids(ServerProcess.parse(r.body()));
                yield ids.equals(new TreeSet<>(List.of(f.id().split(",")))) ? null : "ids " + ids + ": " + where;
            }
            case NULL_ID -> {
                if (r.status() == 413) {
                    yield f.bytes().length > FrameFuzzer.LIMIT_BYTES ? null : "413 under the limit: " + where;
                }
                if (r.status() != 200 && r.status() != 400) {
                    yield "status " + r.status() + ": " + where;
                }
                String problem = messageProblem(r.body());
                yield problem != null
                        ? problem + ": " + where
                        : ids(ServerProcess.parse(r.body())).isEmpty() ? null : "an id was invented: " + where;
            }
        };
    }

    /** Null when {@code line} is one JSON-RPC response, or a non-empty array of them; else what is wrong. */
    static String messageProblem(String line) {
        JsonNode node;
        try {
            node = ServerProcess.JSON.readTree(line);
        } catch (Exception e) {
            return "not JSON";
        }
        List<JsonNode> messages = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(messages::add);
            if (messages.isEmpty()) {
                return "an empty array";
            }
        } else {
            messages.add(node);
        }
        for (JsonNode m : messages) {
            if (!m.isObject() || !"2.0".equals(m.path("jsonrpc").asText()) || !m.has("id")
                    || m.has("result") == m.has("error")) {
                return "not a JSON-RPC response";
            }
            if (m.has("error") && (!m.get("error").path("code").isInt() || !m.get("error").path("message").isTextual())) {
                return "a malformed error object";
            }
        }
        return null;
    }

    /** The string ids a reply line answers (numbers too, as text); empty when every id is null. */
    static Set<String> ids(JsonNode reply) {
        Set<String> ids = new TreeSet<>();
        (reply.isArray() ? reply : ServerProcess.JSON.createArrayNode().add(reply)).forEach(m -> {
            if (m.hasNonNull("id")) {
                ids.add(m.get("id").asText());
            }
        });
        return ids;
    }

    /** The tools the server advertises, with its connection and tables. */
    static FrameFuzzer.Surface surface(Function2 request) {
        Map<String, JsonNode> tools = new LinkedHashMap<>();
        request.apply("tools/list", null).path("result").path("tools")
                .forEach(t -> tools.put(t.get("name").asText(), t.get("inputSchema")));
        for (String name : List.of("get_table_context", "list_tables", "search_columns", "get_manifest", "get_diff",
                "get_reference", "resolve_value", "check_sql")) {
            tools.putIfAbsent(name, ServerProcess.JSON.createObjectNode()); // not landed yet: called blind
        }
        return new FrameFuzzer.Surface(tools, List.of(SamplePrint.CONNECTION, "nope"),
                SamplePrint.tables(SamplePrint.source()));
    }

    @FunctionalInterface
    interface Function2 {

        JsonNode apply(String method, JsonNode params);
    }

    /** Answers that must not change under fuzzing: tools/list, resources/list, and one call of every listed tool. */
    record Baseline(JsonNode tools, JsonNode resources, Map<String, JsonNode> calls) {

        static Baseline take(Function2 request) {
            JsonNode tools = request.apply("tools/list", null).path("result");
            JsonNode resources = request.apply("resources/list", null);
            Map<String, JsonNode> calls = new LinkedHashMap<>();
            tools.path("tools").forEach(t -> {
                String name = t.get("name").asText();
                ObjectNode params = ServerProcess.JSON.createObjectNode().put("name", name);
                ObjectNode args = params.putObject("arguments");
                t.path("inputSchema").path("required").forEach(r -> args.put(r.asText(), sampleArgument(r.asText())));
                calls.put(name, request.apply("tools/call", params).path("result"));
            });
            return new Baseline(tools, resources.path("result").isMissingNode()
                    ? resources.path("error")
                    : resources
                            .path("result"),
                    calls);
        }

        private static String sampleArgument(String key) {
            return switch (key) {
                case "table" -> SamplePrint.tables(SamplePrint.source()).get(0);
                case "document" -> "spec";
                case "column" -> "status";
                default -> "x";
            };
        }
    }

    /** Expected and received replies over stdio, with the time each tracked frame was written. */
    static final class StdioAccount {

        final Map<String, Long> sentAt = new ConcurrentHashMap<>();
        final Map<String, Integer> answered = new ConcurrentHashMap<>();
        final Map<String, String> kinds = new java.util.TreeMap<>();
        final List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger expectedNull = new AtomicInteger();
        final AtomicInteger tracked = new AtomicInteger();
        final AtomicInteger nullReplies = new AtomicInteger();
        final AtomicInteger lines = new AtomicInteger();
        volatile boolean stopped;

        void expect(Frame f) {
            kinds.merge(f.kind(), "1", (a, b) -> Integer.toString(Integer.parseInt(a) + 1));
            if (f.expect() == Expect.TRACKED) {
                tracked.incrementAndGet();
            } else if (f.expect() == Expect.NULL_ID) {
                expectedNull.incrementAndGet();
            }
        }

        void sent(Frame f, long nanos) {
            if (f.expect() == Expect.TRACKED) {
                sentAt.put(key(Set.of(f.id().split(","))), nanos);
            }
        }

        void read(ServerProcess server) {
            while (!stopped) {
                String line;
                try {
                    line = server.readLine(Duration.ofMillis(500));
                } catch (AssertionError quiet) {
                    continue;
                }
                if (line == null) {
                    problems.add("stdout ended");
                    return;
                }
                long now = System.nanoTime();
                lines.incrementAndGet();
                String problem = messageProblem(line);
                if (problem != null) {
                    problems.add(problem + ": " + abbreviate(line));
                    continue;
                }
                Set<String> ids = ids(ServerProcess.parse(line));
                if (ids.isEmpty()) {
                    nullReplies.incrementAndGet();
                    continue;
                }
                String key = key(ids);
                Long sent = sentAt.get(key);
                if (sent == null) {
                    problems.add("a reply to no frame sent: " + abbreviate(line));
                } else if (now - sent > BOUND.toNanos()) {
                    problems.add(key + " answered after " + (now - sent) / 1_000_000 + " ms");
                }
                answered.merge(key, 1, Integer::sum);
            }
        }

        void awaitAll(Duration timeout, java.util.function.Supplier<String> context) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (answered.size() < tracked.get() || nullReplies.get() < expectedNull.get()) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("after " + timeout + ": " + answered.size() + " of " + tracked
                            + " tracked frames answered, " + nullReplies + " of " + expectedNull
                            + " null-id replies; problems " + problems.subList(0, Math.min(10, problems.size()))
                            + "; " + context.get());
                }
                Thread.sleep(20);
            }
            Thread.sleep(500); // a stray extra reply, if the server sent one, arrives in this window
        }

        void stop() {
            stopped = true;
        }

        void verify(String context) {
            assertEquals(List.of(), problems.subList(0, Math.min(20, problems.size())), context);
            assertEquals(tracked.get(), answered.size(), "tracked frames answered; " + context);
            answered.forEach((id, n) -> assertEquals(1, n, id + " answered more than once; " + context));
            assertEquals(expectedNull.get(), nullReplies.get(), "null-id replies; " + context);
            assertEquals(tracked.get() + expectedNull.get(), lines.get(), "stdout lines; " + context);
        }

        private static String key(Set<String> ids) {
            return String.join(",", new TreeSet<>(ids));
        }
    }

    static long seed() {
        Long fixed = Long.getLong("fuzz.seed");
        return fixed != null ? fixed : new java.util.Random().nextLong();
    }

    static String describe(long seed, ServerProcess server) {
        String err = server.stderr();
        return "seed " + seed + " (replay with -Dfuzz.seed=" + seed + "); alive " + server.isAlive() + "; stderr tail:\n"
                + err.substring(Math.max(0, err.length() - 3000));
    }

    static String abbreviate(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "...(" + s.length() + " chars)";
    }
}
