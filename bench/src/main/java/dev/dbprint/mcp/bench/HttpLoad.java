package dev.dbprint.mcp.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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

    private final class Client {

        final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        final Random random;
        final Function<Random, String> mix;
        final List<Double> latencies = new ArrayList<>();
        final AtomicLong errors = new AtomicLong();
        String session;
        int id;
        Throwable failure;

        Client(Random random, Function<Random, String> mix) {
            this.random = random;
            this.mix = mix;
        }

        void loop(long warmEnd, long end) {
            post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"dbprint-peer-bench\",\"version\":\"1\"}}}");
            post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            while (true) {
                long t = System.nanoTime();
                if (t >= end) {
                    return;
                }
                String body = "{\"jsonrpc\":\"2.0\",\"id\":" + (++id) + ",\"method\":\"tools/call\",\"params\":"
                        + mix.apply(random) + "}";
                HttpResponse<String> r = post(body);
                long after = System.nanoTime();
                boolean ok = r != null && r.statusCode() == 200 && r.body().contains("\"result\"")
                        && !r.body().contains("\"isError\":true");
                if (t >= warmEnd && after <= end) {
                    latencies.add((after - t) / 1e6);
                    if (!ok) {
                        errors.incrementAndGet();
                    }
                }
            }
        }

        HttpResponse<String> post(String body) {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                    .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(body));
            if (session != null) {
                b.header("Mcp-Session-Id", session);
            }
            try {
                HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
                if (session == null) {
                    session = r.headers().firstValue("Mcp-Session-Id").orElse(null);
                }
                return r;
            } catch (IOException e) {
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
    }
}
