package dev.dbprint.mcp.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Closed-loop load over Streamable HTTP: N clients, each its own session and keep-alive connection, each sending the next
 * {@code tools/call} as soon as the previous reply arrives. A warm-up period runs first and is not counted. A call counts
 * as an error unless it answers 200 with a result that is not {@code isError}.
 */
public final class HttpLoad {

    /** What a measured period produced. */
    public record Result(long calls, long errors, double seconds, Stats latencyMs) {

        public double callsPerSecond() {
            return calls / seconds;
        }
    }

    private final int port;

    public HttpLoad(int port) {
        this.port = port;
    }

    /**
     * Runs {@code clients} clients for {@code warmup} then {@code measured}; {@code mix} gives client {@code c}'s
     * request bodies (a {@code tools/call} params object, JSON) from a seeded source.
     */
    public Result run(int clients, Duration warmup, Duration measured, IntFunction<Random> seeds,
            Function<Random, String> mix) throws InterruptedException {
        List<Client> all = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            all.add(new Client(seeds.apply(c), mix));
        }
        long warmEnd = System.nanoTime() + warmup.toNanos();
        long end = warmEnd + measured.toNanos();
        CountDownLatch done = new CountDownLatch(clients);
        for (Client c : all) {
            Thread t = new Thread(() -> {
                try {
                    c.loop(warmEnd, end);
                } catch (RuntimeException | Error e) {
                    c.failure = e;
                } finally {
                    done.countDown();
                }
            }, "load-client");
            t.setDaemon(true);
            t.start();
        }
        done.await();
        long calls = 0, errors = 0;
        List<Double> latencies = new ArrayList<>();
        for (Client c : all) {
            if (c.failure != null) {
                throw new IllegalStateException("a load client failed", c.failure);
            }
            calls += c.latencies.size();
            errors += c.errors.get();
            latencies.addAll(c.latencies);
        }
        double[] ms = latencies.stream().mapToDouble(Double::doubleValue).toArray();
        return new Result(calls, errors, measured.toNanos() / 1e9, new Stats(ms.length == 0 ? new double[]{0} : ms));
    }

    /** A reply as far as the load needs it: the status and the body. */
    private record Reply(int status, String body) {
    }

    /**
     * One client: a plain HTTP/1.1 keep-alive connection of its own, written and read directly, so that the load
     * generator, which shares the machine with the server, spends as little of it as it can.
     */
    private final class Client {

        final Random random;
        final Function<Random, String> mix;
        final List<Double> latencies = new ArrayList<>();
        final AtomicLong errors = new AtomicLong();
        String session;
        int id;
        Throwable failure;
        Socket socket;
        OutputStream out;
        InputStream in;

        Client(Random random, Function<Random, String> mix) {
            this.random = random;
            this.mix = mix;
        }

        void loop(long warmEnd, long end) {
            post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"dbprint-peer-bench\",\"version\":\"1\"}}}");
            post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            try {
                while (true) {
                    long t = System.nanoTime();
                    if (t >= end) {
                        return;
                    }
                    String body = "{\"jsonrpc\":\"2.0\",\"id\":" + (++id) + ",\"method\":\"tools/call\",\"params\":"
                            + mix.apply(random) + "}";
                    Reply r = post(body);
                    long after = System.nanoTime();
                    boolean ok = r != null && r.status() == 200 && r.body().contains("\"result\"")
                            && !r.body().contains("\"isError\":true");
                    if (t >= warmEnd && after <= end) {
                        latencies.add((after - t) / 1e6);
                        if (!ok) {
                            errors.incrementAndGet();
                        }
                    }
                }
            } finally {
                close();
            }
        }

        /** Posts {@code body} to /mcp; null when the connection failed (it is reopened for the next call). */
        Reply post(String body) {
            try {
                if (socket == null) {
                    socket = new Socket(InetAddress.getLoopbackAddress(), port);
                    socket.setTcpNoDelay(true);
                    socket.setSoTimeout(30_000);
                    out = new BufferedOutputStream(socket.getOutputStream(), 8192);
                    in = new BufferedInputStream(socket.getInputStream(), 65536);
                }
                byte[] payload = body.getBytes(StandardCharsets.UTF_8);
                StringBuilder head = new StringBuilder("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:").append(port)
                        .append("\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n");
                if (session != null) {
                    head.append("Mcp-Session-Id: ").append(session).append("\r\n");
                }
                head.append("Content-Length: ").append(payload.length).append("\r\n\r\n");
                out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
                out.write(payload);
                out.flush();
                return read();
            } catch (IOException e) {
                close();
                return null;
            }
        }

        private Reply read() throws IOException {
            String status = line();
            int code = Integer.parseInt(status.substring(9, 12));
            int length = 0;
            for (String h = line(); !h.isEmpty(); h = line()) {
                int colon = h.indexOf(':');
                String name = h.substring(0, colon).trim();
                String value = h.substring(colon + 1).trim();
                if (name.equalsIgnoreCase("Content-Length")) {
                    length = Integer.parseInt(value);
                } else if (name.equalsIgnoreCase("Mcp-Session-Id") && session == null) {
                    session = value;
                } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                    throw new IOException("chunked replies are not expected from /mcp");
                }
            }
            byte[] body = in.readNBytes(length);
            if (body.length < length) {
                throw new IOException("connection closed mid-reply");
            }
            return new Reply(code, new String(body, StandardCharsets.UTF_8));
        }

        private String line() throws IOException {
            StringBuilder b = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new IOException("connection closed");
                }
                if (c != '\r') {
                    b.append((char) c);
                }
            }
            return b.toString();
        }

        private void close() {
            if (socket != null) {
                try {
                    socket.close();
                } catch (IOException e) {
                    // closing a connection that already failed
                }
                socket = null;
            }
        }
    }
}
