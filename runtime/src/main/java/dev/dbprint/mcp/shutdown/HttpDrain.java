package dev.dbprint.mcp.shutdown;

import java.time.Duration;
import java.util.function.IntSupplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

import dev.dbprint.mcp.config.DbprintConfig;
import io.quarkus.runtime.LaunchMode;

/**
 * HTTP's part of a clean shutdown (spec §7.3): every request whose bytes reached the server before the signal is
 * read, later ones are refused with 503, the ones read are answered whole, then the legacy SSE streams end, and only
 * then may Quarkus close the listener. Runs as shutdown begins, before Quarkus's own graceful wait (see
 * {@code TransportRecorder}). A request that arrives in the fraction of a second before refusal starts is served: it
 * cannot be told from one that was written before the signal and read late. In dev mode a live reload runs this too:
 * it waits only for the MCP calls in flight ({@link InFlightRequests} counts neither the Dev UI's requests nor the one
 * that triggered the reload), and sends no markers, since the listener stays bound.
 */
@ApplicationScoped
public class HttpDrain {

    private static final Logger LOG = Logger.getLogger(HttpDrain.class);

    /**
     * How long the event loops keep reading after the markers are answered, before new requests are refused. The
     * markers prove every earlier connection was accepted and handed to its loop ahead of a marker; a loop reads the
     * bytes already waiting on those in the same pass that reads its marker, and this margin covers the rest.
     */
    static final long SETTLE_MILLIS = 150;

    @Inject
    DbprintConfig config;

    @Inject
    InFlightRequests requests;

    @Inject
    AcceptQueueFlush acceptQueue;

    /**
     * Drains the listener on {@code host} whose port {@code port} says (0 while nothing is bound), then ends the legacy
     * SSE streams with {@code endStreams}. The transport hands these in, so shutdown knows no transport class.
     */
    public void run(String host, IntSupplier port, Runnable endStreams) {
        if (!config.http()) {
            return;
        }
        Config settings = ConfigProvider.getConfig();
        Duration limit = ShutdownBound.configured();
        long deadline = System.nanoTime() + limit.toNanos();
        try {
            if (LaunchMode.current() == LaunchMode.DEVELOPMENT) {
                // a live reload keeps the listener bound, so no queued connection can be lost; and dev mode's
                // hot-replacement route, ahead of the marker's, holds every request while a reload runs
                LOG.debug("HTTP shutdown: dev mode, no markers sent");
            } else {
                flushAcceptQueue(host, port.getAsInt(), settings, deadline);
                Thread.sleep(SETTLE_MILLIS);
            }
            requests.refuse();
            if (!requests.awaitIdle(deadline)) {
                LOG.warnf("HTTP shutdown: %d request(s) still in flight after %s", requests.active(), limit);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            requests.refuse();
            endStreams.run();
        }
    }

    private void flushAcceptQueue(String host, int port, Config settings, long deadline) {
        int markers = eventLoops(settings);
        long start = System.nanoTime();
        if (port <= 0) {
            // the listener never bound (its port was taken): no connection can be waiting in its queue
            LOG.debug("HTTP shutdown: nothing bound, no markers sent");
        } else if (!acceptQueue.flush(host, port, markers, deadline)) {
            LOG.warn("HTTP shutdown: could not confirm every pending connection was accepted");
        } else {
            LOG.debugf("HTTP shutdown: %d marker(s) answered in %d ms", markers, (System.nanoTime() - start) / 1_000_000);
        }
    }

    /** The HTTP server's event loops: one verticle per IO thread, which defaults to Vert.x's event loop count. */
    private static int eventLoops(Config settings) {
        return settings.getOptionalValue("quarkus.http.io-threads", Integer.class)
                .or(() -> settings.getOptionalValue("quarkus.vertx.event-loops-pool-size", Integer.class))
                .orElse(2 * Runtime.getRuntime().availableProcessors());
    }
}
