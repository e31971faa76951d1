package dev.dbprint.mcp.shutdown;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import io.vertx.ext.web.RoutingContext;

/**
 * Proves, as shutdown begins, that the HTTP server has taken in every connection a client opened before the signal.
 * Connections the kernel completed but the server has not yet accepted sit in the listen socket's queue, and closing
 * the listener resets them: a request written on one is lost without a word. The queue is first in, first out, so
 * the server answering a marker request on a connection opened now means every earlier connection was accepted.
 * Accepted connections are spread round-robin over the event loops, so one marker per event loop means each loop has
 * registered (and reads right after) the connections handed to it before its marker.
 */
@ApplicationScoped
public class AcceptQueueFlush {

    static final String PATH = "/.dbprint-drain";
    static final String HEADER = "X-Dbprint-Drain";

    /**
     * Only this process's own markers are recognised; anyone else asking for the path gets what any unknown path gets.
     * Made on first use, not with the bean: the bean's client proxy is built at boot in every mode (the HTTP transport
     * observes the router), and a first UUID seeds a SecureRandom, ~10 ms of a stdio server's start-up.
     */
    private static final class Token {

        static final String VALUE = UUID.randomUUID().toString();
    }

    /** A marker request, answered on the event loop before any other route sees it; false for every other request. */
    public boolean answers(RoutingContext ctx) {
        if (!PATH.equals(ctx.request().path()) || !Token.VALUE.equals(ctx.request().getHeader(HEADER))) {
            return false;
        }
        ctx.response().setStatusCode(204).putHeader("Connection", "close").end();
        return true;
    }

    /**
     * Opens {@code markers} connections to the server at {@code host:port}, in order, and waits for each answer, until
     * {@code deadlineNanos}; true when every marker was answered. A server that cannot be reached has no queue to
     * flush.
     */
    boolean flush(String host, int port, int markers, long deadlineNanos) {
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < markers; i++) {
                Socket s = new Socket();
                sockets.add(s);
                s.connect(new InetSocketAddress(host, port), millisUntil(deadlineNanos));
                s.getOutputStream().write(("GET " + PATH + " HTTP/1.1\r\nHost: " + hostHeader(host, port) + "\r\n"
                        + HEADER + ": " + Token.VALUE + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                s.getOutputStream().flush();
            }
            for (Socket s : sockets) {
                s.setSoTimeout(millisUntil(deadlineNanos));
                if (!answered(s.getInputStream())) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            return false;
        } finally {
            for (Socket s : sockets) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // a marker socket left to the OS is harmless
                }
            }
        }
    }

    /** True once the status line arrives; an answered marker is all that is needed. */
    private static boolean answered(InputStream in) throws IOException {
        byte[] start = new byte[12];
        int n = in.readNBytes(start, 0, start.length);
        return n > 0 && new String(start, 0, n, StandardCharsets.ISO_8859_1).startsWith("HTTP/");
    }

    private static int millisUntil(long deadlineNanos) throws IOException {
        long millis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        if (millis <= 0) {
            throw new IOException("drain deadline passed");
        }
        return (int) Math.min(millis, Integer.MAX_VALUE);
    }

    private static String hostHeader(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
