package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Containment under a race (spec §3.3, format spec §2.5): a table's {@code ddl.sql} is a symbolic link that a local
 * writer keeps re-pointing, atomically, between a file inside the connection root and a file outside it, while many
 * calls read it — {@code resources/read} of the ddl resource and {@code get_table_context} — over stdio (requests
 * pipelined) and over Streamable HTTP (concurrent clients). Not one reply may carry a byte of the outside file; some
 * must carry the inside one, so the race was really run. Bounded: {@value #CALLS} calls per transport, a minute each.
 */
class SymlinkRaceIT {

    static final int CALLS = 600;
    static final int HTTP_CLIENTS = 6;
    static final String TABLE = "rental.ride";
    static final String DDL_URI = "dbprint://shop/" + TABLE + "/ddl";

    @Test
    void stdioServesNothingFromOutsideWhileTheLinkFlips(@TempDir Path dir) throws Exception {
        Race race = Race.setUp(dir);
        try (ServerProcess server = ServerProcess.start(FuzzIT.HEAP, race.project)) {
            server.initialize("2025-11-25");
            race.run(() -> {
                // pipelined in batches: the server reads while the link moves, several requests in flight at once
                for (int batch = 0; batch < CALLS / 50 && !race.late(); batch++) {
                    List<Integer> ids = new ArrayList<>();
                    for (int i = 0; i < 50; i++) {
                        Call call = Call.of(batch * 50 + i);
                        ids.add(server.sendRequest(call.method, call.params));
                    }
                    for (int id : ids) {
                        race.judge(server.awaitReply(id));
                    }
                }
            });
        }
        race.assertNothingOutsideServed();
    }

    @Test
    void httpServesNothingFromOutsideWhileTheLinkFlips(@TempDir Path dir) throws Exception {
        Race race = Race.setUp(dir);
        try (ServerProcess server = ServerProcess.startHttp(FuzzIT.HEAP, race.project)) {
            int port = server.awaitListening();
            ExecutorService pool = Executors.newFixedThreadPool(HTTP_CLIENTS);
            try {
                race.run(() -> {
                    List<Future<?>> clients = new ArrayList<>();
                    for (int c = 0; c < HTTP_CLIENTS; c++) {
                        int first = c;
                        clients.add(pool.submit(() -> {
                            McpHttp client = McpHttp.open(port);
                            for (int i = first; i < CALLS && !race.late(); i += HTTP_CLIENTS) {
                                Call call = Call.of(i);
                                race.judge(client.request(call.method, call.params));
                            }
                            return null;
                        }));
                    }
                    for (Future<?> f : clients) {
                        f.get(2, TimeUnit.MINUTES);
                    }
                });
            } finally {
                pool.shutdownNow();
            }
        }
        race.assertNothingOutsideServed();
    }

    /** One request: the ddl resource, or get_table_context in Markdown or JSON (both carry the DDL). */
    record Call(String method, ObjectNode params) {

        static Call of(int i) {
            ObjectNode params = ServerProcess.JSON.createObjectNode();
            if (i % 3 == 0) {
                return new Call("resources/read", params.put("uri", DDL_URI));
            }
            params.put("name", "get_table_context");
            params.putObject("arguments").put("table", TABLE).put("format", i % 3 == 1 ? "md" : "json");
            return new Call("tools/call", params);
        }
    }

    /** The project, the two targets, the flipping writer and the tally. */
    static final class Race {

        final Path project;
        final Path link;
        final Path inside;
        final Path outside;
        final String secret = "OUTSIDE-" + UUID.randomUUID();
        final String insideMark = "INSIDE-" + UUID.randomUUID();
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicInteger flips = new AtomicInteger();
        final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
        final List<String> leaks = new CopyOnWriteArrayList<>();
        final long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);

        private Race(Path project, Path link, Path inside, Path outside) {
            this.project = project;
            this.link = link;
            this.inside = inside;
            this.outside = outside;
        }

        static Race setUp(Path dir) throws IOException {
            Path project = SamplePrint.copyTo(dir.resolve("project"));
            Path table = SamplePrint.root(project).resolve("rental/ride");
            Path inside = table.resolve("ddl.inside.sql");
            Path outside = Files.createDirectories(dir.resolve("outside")).resolve("ddl.sql");
            Race race = new Race(project, table.resolve("ddl.sql"), inside, outside);
            String ddl = Files.readString(race.link);
            Files.writeString(inside, "-- " + race.insideMark + "\n" + ddl);
            Files.writeString(outside, ("-- " + race.secret + "\n").repeat(20) + ddl);
            Files.delete(race.link);
            Files.createSymbolicLink(race.link, inside);
            return race;
        }

        boolean late() {
            return System.nanoTime() > deadline;
        }

        interface Calls {

            void make() throws Exception;
        }

        /**
         * Runs the calls while a writer thread re-points the link, back and forth, until they end: inside for about 3 ms,
         * outside for about 1 ms, so most calls judge the link inside and many see it move while they read.
         */
        void run(Calls calls) throws Exception {
            Thread writer = new Thread(() -> {
                Path tmp = link.resolveSibling(".ddl.sql.flip");
                for (int i = 0; !stop.get() && i < 1_000_000 && !late(); i++) {
                    boolean out = i % 2 == 0;
                    point(tmp, out ? outside : inside);
                    flips.incrementAndGet();
                    LockSupport.parkNanos(out ? 1_000_000 : 3_000_000);
                }
                point(tmp, inside);
            }, "flipper");
            writer.start();
            try {
                calls.make();
            } finally {
                stop.set(true);
                writer.join(TimeUnit.SECONDS.toMillis(30));
            }
        }

        private void point(Path tmp, Path target) {
            try {
                Files.deleteIfExists(tmp);
                Files.createSymbolicLink(tmp, target);
                Files.move(tmp, link, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void judge(JsonNode reply) {
            String text = reply.toString();
            Function<String, String> count = k -> {
                counts.computeIfAbsent(k, x -> new AtomicInteger()).incrementAndGet();
                return k;
            };
            if (text.contains(secret)) {
                leaks.add(count.apply("outside-served") + ": " + FuzzIT.abbreviate(text));
            } else if (text.contains(insideMark)) {
                count.apply("inside-served");
            } else {
                count.apply("refused");
            }
        }

        void assertNothingOutsideServed() {
            System.out.printf("symlink race: %d flips, %s%n", flips.get(), counts);
            assertEquals(List.of(), leaks.subList(0, Math.min(5, leaks.size())),
                    leaks.size() + " replies served bytes from outside the connection root");
            assertTrue(counts.getOrDefault("inside-served", new AtomicInteger()).get() > 0, "nothing was served: "
                    + counts);
            assertTrue(flips.get() > 100, "the link hardly moved: " + flips);
        }
    }
}
