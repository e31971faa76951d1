package dev.dbprint.mcp.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The packaged artifact (uber-jar, AOT jar or native executable: see {@link Artifact}) started the way a client starts
 * it, in stdio mode: it answers {@code initialize} on stdout, holds no listening socket at all while serving (the HTTP
 * listener is off, not merely unused), leaves the rest of Quarkus's boot until the client's frames are answered, and
 * exits 0 at EOF.
 */
class StdioStartupIT {

    static final Path SAMPLE = Path.of("..", "src", "sample").toAbsolutePath().normalize();

    @Test
    void servesStdioWithoutAnyListeningSocket() throws Exception {
        Process server = Artifact.current().process("--project", SAMPLE.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            OutputStream in = server.getOutputStream();
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            String reply = out.readLine();
            assertTrue(reply != null && reply.startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{"), reply);
            assertTrue(reply.contains("\"serverInfo\":{\"name\":\"dbprint\""), reply);

            Set<String> listening = listeningSocketInodes();
            assumeTrue(listening != null, "needs Linux /proc to list listening sockets");
            Set<String> own = socketInodes(server.pid());
            own.retainAll(listening);
            assertEquals(Set.of(), own, "stdio mode must not listen on any TCP/UDP port");

            in.close(); // EOF: clean shutdown
            assertTrue(server.waitFor(30, TimeUnit.SECONDS), "no exit after EOF");
            assertEquals(0, server.exitValue());
            assertEquals(null, out.readLine(), "nothing but the one reply on stdout");
        } finally {
            server.destroyForcibly();
        }
    }

    /**
     * The boot past the stdio reader (run-time configuration, logging, Vert.x) waits while the client's frames are
     * unanswered: here {@code initialize} and six reads of a reference document sent at once, whose replies of about
     * 20 KB each fill the pipe of a client that reads only the first, so they stay unanswered. Vert.x, the boot's last
     * large part, shows as its blocked-thread checker's thread; it appears once the client has read the replies and gone
     * quiet. Linux only: the threads are read from {@code /proc}.
     */
    @Test
    void theBootGoesOnOnceTheClientsFramesAreAnswered() throws Exception {
        Path tasks = Path.of("/proc/self/task");
        assumeTrue(Files.isDirectory(tasks), "no /proc to see the server's threads in");
        Process server = Artifact.current().process("--project", SAMPLE.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            OutputStream in = server.getOutputStream();
            BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}\n")
                    .getBytes(StandardCharsets.UTF_8));
            int calls = 6;
            for (int id = 2; id < 2 + calls; id++) {
                in.write(("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"resources/read\",\"params\":"
                        + "{\"uri\":\"dbprint:///reference/spec\"}}\n").getBytes(StandardCharsets.UTF_8));
            }
            in.flush();
            assertTrue(out.readLine().contains("\"id\":1,\"result\""));

            long unansweredUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(4000);
            while (System.nanoTime() < unansweredUntil) {
                assertTrue(server.isAlive(), "the server exited");
                assertEquals(false, vertxStarted(server.pid()), "Vert.x started while replies were unread");
                TimeUnit.MILLISECONDS.sleep(20);
            }
            for (int read = 0; read < calls; read++) {
                String reply = out.readLine();
                assertTrue(reply != null && reply.contains("\"result\""), reply);
            }
            long deadline = System.nanoTime() + ServerProcess.TIMEOUT.toNanos();
            while (!vertxStarted(server.pid()) && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(20);
            }
            assertTrue(vertxStarted(server.pid()), "the boot did not go on once the client was answered");

            in.close();
            assertTrue(server.waitFor(30, TimeUnit.SECONDS), "no exit after EOF");
            assertEquals(0, server.exitValue());
        } finally {
            server.destroyForcibly();
        }
    }

    /** Whether the process has Vert.x's blocked-thread checker, which Vert.x starts as it is created. */
    private static boolean vertxStarted(long pid) throws IOException {
        try (var threads = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path thread : (Iterable<Path>) threads::iterator) {
                try {
                    if (Files.readString(thread.resolve("comm")).startsWith("vertx-blocked")) {
                        return true;
                    }
                } catch (IOException ignored) {
                    // the thread ended while listed
                }
            }
        }
        return false;
    }

    /** Inodes of every listening TCP socket and every bound UDP socket on the machine, or null without /proc. */
    static Set<String> listeningSocketInodes() throws IOException {
        Set<String> inodes = new HashSet<>();
        boolean any = false;
        for (String table : List.of("tcp", "tcp6", "udp", "udp6")) {
            Path file = Path.of("/proc/net", table);
            if (!Files.isReadable(file)) {
                continue;
            }
            any = true;
            List<String> lines = Files.readAllLines(file);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                boolean listen = table.startsWith("tcp") ? f[3].equals("0A") : true;
                if (listen) {
                    inodes.add(f[9]);
                }
            }
        }
        return any ? inodes : null;
    }

    /** Inodes of the sockets a process holds open. */
    static Set<String> socketInodes(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (var fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException ignored) {
                    // closed meanwhile
                }
            }
        }
        return inodes;
    }
}
