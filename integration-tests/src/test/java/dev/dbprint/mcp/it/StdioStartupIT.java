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
 * listener is off, not merely unused), and exits 0 at EOF.
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
