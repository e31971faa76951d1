package dev.dbprint.mcp.shutdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class AcceptQueueFlushTest {

    private static long inMillis(long millis) {
        return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    }

    /** Accepts {@code markers} connections; answers each request with 204 when {@code answer}; the requests it read. */
    private static List<List<String>> serve(ServerSocket server, int markers, boolean answer) throws Exception {
        List<List<String>> requests = new CopyOnWriteArrayList<>();
        List<Socket> held = new ArrayList<>();
        Thread t = new Thread(() -> {
            try {
                for (int i = 0; i < markers; i++) {
                    Socket s = server.accept();
                    held.add(s);
                    BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(),
                            StandardCharsets.ISO_8859_1));
                    List<String> lines = new ArrayList<>();
                    for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
                        lines.add(line);
                    }
                    requests.add(lines);
                    if (answer) {
                        s.getOutputStream().write("HTTP/1.1 204 No Content\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                        s.close();
                    }
                }
            } catch (IOException e) {
                // the test closed the server
            }
        });
        t.setDaemon(true);
        t.start();
        return requests;
    }

    @Test
    void everyMarkerAnsweredConfirmsTheQueueWasFlushed() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<List<String>> requests = serve(server, 3, true);
            assertTrue(new AcceptQueueFlush().flush("127.0.0.1", server.getLocalPort(), 3, inMillis(10_000)));
            assertEquals(3, requests.size());
            for (List<String> request : requests) {
                assertEquals("GET " + AcceptQueueFlush.PATH + " HTTP/1.1", request.get(0));
                assertTrue(request.contains("Host: 127.0.0.1:" + server.getLocalPort()), request.toString());
                assertTrue(request.stream().anyMatch(l -> l.startsWith(AcceptQueueFlush.HEADER + ": ")), request.toString());
            }
            // one process, one token: every marker carries the same one
            assertEquals(1, requests.stream().map(r -> r.stream().filter(l -> l.startsWith(AcceptQueueFlush.HEADER))
                    .findFirst().orElseThrow()).distinct().count());
        }
    }

    @Test
    void aMarkerNeverAnsweredGivesUpAtTheDeadline() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            serve(server, 2, false);
            long start = System.nanoTime();
            assertFalse(new AcceptQueueFlush().flush("127.0.0.1", server.getLocalPort(), 2, inMillis(300)));
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5));
        }
    }

    @Test
    void nothingListeningIsNotFlushed() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        assertFalse(new AcceptQueueFlush().flush("127.0.0.1", port, 2, inMillis(2_000)));
    }
}
