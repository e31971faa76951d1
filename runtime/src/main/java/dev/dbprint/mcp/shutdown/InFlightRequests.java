package dev.dbprint.mcp.shutdown;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.enterprise.context.ApplicationScoped;

import io.vertx.ext.web.RoutingContext;

/**
 * The HTTP requests the server is answering, counted from the first route to the end of the response, so shutdown
 * can wait for every request it has read (spec §7.3), and refuse the ones that come after it is done waiting.
 * Quarkus's own graceful shutdown counts requests too, but stops waiting the moment its count touches zero, which on
 * a busy box can come before the event loops have read requests whose bytes were already on the socket.
 */
@ApplicationScoped
public class InFlightRequests {

    private static final String COUNTED = "dbprint.in-flight";

    private final AtomicInteger active = new AtomicInteger();
    private volatile boolean refusing;

    /**
     * The first route's count: false once shutdown refuses (the transport then answers 503 and the request goes no
     * further); before, a {@code counted} request is counted until its response ends (or its connection drops).
     */
    public boolean admit(RoutingContext ctx, boolean counted) {
        if (refusing) {
            return false;
        }
        if (counted) {
            AtomicBoolean count = new AtomicBoolean(true);
            active.incrementAndGet();
            ctx.put(COUNTED, count);
            ctx.addEndHandler(v -> release(count));
        }
        return true;
    }

    /**
     * Stops counting a request that never completes by itself (a legacy SSE stream); shutdown ends those streams
     * once the countable requests are answered.
     */
    public void exempt(RoutingContext ctx) {
        AtomicBoolean counted = ctx.get(COUNTED);
        if (counted != null) {
            release(counted);
        }
    }

    /** Counts work that outlives its request's response (a legacy message answered on its stream); run the result once done. */
    public Runnable hold() {
        AtomicBoolean counted = new AtomicBoolean(true);
        active.incrementAndGet();
        return () -> release(counted);
    }

    private void release(AtomicBoolean counted) {
        if (counted.getAndSet(false)) {
            active.decrementAndGet();
        }
    }

    /** Waits until nothing is in flight, or until {@code deadlineNanos}; true when nothing is. */
    boolean awaitIdle(long deadlineNanos) throws InterruptedException {
        while (active.get() > 0) {
            if (System.nanoTime() - deadlineNanos >= 0) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    /** From now on every request is answered 503 and its connection closed. */
    void refuse() {
        refusing = true;
    }

    int active() {
        return active.get();
    }
}
