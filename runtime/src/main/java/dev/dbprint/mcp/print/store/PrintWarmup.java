package dev.dbprint.mcp.print.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Reception;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.print.model.Manifest;
import dev.dbprint.mcp.print.model.TableEntry;
import dev.dbprint.mcp.signal.ClientGreeted;
import io.quarkus.arc.ClientProxy;
import io.quarkus.runtime.ShutdownEvent;

/**
 * Reads what every first call of a session needs, once, on a thread of its own, when the first client says hello:
 * every served connection's manifest, which every tool call starts from, then the relationships.annotations.yaml of
 * every table that has one, which every get_table_context reads for the edges other tables add. On a print of
 * thousands of tables those reads are most of a first call's work; between them, the table of the on-disk index
 * ({@link PrintStore#prepareTrees}), which the first read of any table's file would wait for. The client meanwhile
 * lists the tools or waits for its model; a call that arrives during a read waits for it at the store rather than
 * reading the file a second time. Past the manifests, the read gives way to calls: it pauses while a call is under way
 * or started within {@link #GIVE_WAY_NANOS} and, on a print of {@link #LARGE_PRINT} tables or more, starts as long
 * after the manifests, since on two processors it would share them with the call (a client that waits for its model loses
 * nothing: the read is done long before it calls).
 * It only fills the store's cache, which every call still checks against the files' identity; a file that fails to read
 * is reported by the call that needs it. Last, at a moment when no call is under way, it runs what the greeting left for
 * such a moment ({@link ClientGreeted#whenQuiet()}). It stops at its next step when the server stops.
 */
@ApplicationScoped
public class PrintWarmup {

    private static final Logger LOG = Logger.getLogger(PrintWarmup.class);

    /**
     * The store itself, not its client proxy (and the connections likewise): once the server stops, the proxy would make
     * a second store for a read still under way, with an index of its own (and its own log line when the index directory
     * is refused).
     */
    private final PrintStore store;
    private final Connections connections;
    private final AtomicReference<CompletableFuture<Void>> begun = new AtomicReference<>();
    private volatile boolean stopped;
    private volatile Thread reader;
    private final long giveWayNanos;

    /**
     * How long the read past the manifest waits after a call starts: about what a session's first check_sql takes on a
     * print of thousands of tables, which the read beside it slowed by a third (it needs the manifest, read first, and
     * reads what else it needs itself).
     */
    static final long GIVE_WAY_NANOS = 300_000_000L;
    /** Tables from which the read past the manifests waits for a call even when none came yet. */
    static final int LARGE_PRINT = 1_000;
    private final int largePrint;

    @Inject
    public PrintWarmup(PrintStore store, Connections connections) {
        this(store, connections, GIVE_WAY_NANOS, LARGE_PRINT);
    }

    /**
     * For tests: a read-ahead that gives way for {@code giveWayNanos} after a call starts, and after the manifests when
     * they hold {@code largePrint} tables or more.
     */
    PrintWarmup(PrintStore store, Connections connections, long giveWayNanos, int largePrint) {
        this.store = ClientProxy.unwrap(store);
        this.connections = ClientProxy.unwrap(connections);
        this.giveWayNanos = giveWayNanos;
        this.largePrint = largePrint;
    }

    /** A client is past its handshake, or lists the tools: its first calls are near. */
    void greeted(@Observes ClientGreeted greeted) {
        begin(greeted.whenQuiet());
    }

    /** The server stops: a read under way stops at its next step (only a read that began: no read is made for this). */
    void stopping(@Observes(notifyObserver = Reception.IF_EXISTS) ShutdownEvent event) {
        stop();
    }

    /** Stops the read at its next step, and any wait for calls at once. */
    void stop() {
        stopped = true;
        Thread r = reader;
        if (r != null) {
            LockSupport.unpark(r);
        }
    }

    /** Starts the read once per process; every later call returns the same, perhaps finished, read. */
    public CompletableFuture<Void> begin() {
        return begin(() -> {
        });
    }

    /**
     * As {@link #begin()}; then, once the give-way has passed since the read ended and since a call last started,
     * and none is under way, runs {@code whenQuiet} on the same thread (unless the server stopped). Only the first
     * begin's is run.
     */
    CompletableFuture<Void> begin(Runnable whenQuiet) {
        CompletableFuture<Void> mine = new CompletableFuture<>();
        if (!begun.compareAndSet(null, mine)) {
            return begun.get();
        }
        Thread r = new Thread(() -> {
            try {
                readAhead();
            } finally {
                mine.complete(null);
            }
            whenQuiet(whenQuiet);
        }, "dbprint-warmup");
        r.setDaemon(true);
        reader = r;
        r.start();
        return mine;
    }

    /** A connection whose manifest was read ahead. */
    private record Read(ServedConnection connection, PrintView view, Manifest manifest) {
    }

    private void readAhead() {
        List<Read> read = new ArrayList<>();
        for (ServedConnection connection : connections.set().served().values()) {
            if (stopped) {
                return;
            }
            try {
                PrintView view = store.viewAhead(connection);
                // its entries judged on their text alone: judging their files on disk waits with the annotations, so a
                // first call that comes meanwhile shares the processors with less
                read.add(new Read(connection, view, view.index()));
            } catch (RuntimeException e) {
                LOG.debugf("the manifest of %s was not read ahead: %s", connection.name(), e);
            }
        }
        // after the manifests, not beside them, and past a first call: on two processors a second thread slowed it. On a
        // small print the rest takes a few milliseconds, done before a model's first call comes: it waits for calls only
        int tables = read.stream().mapToInt(r -> r.manifest().fqnOrder().size()).sum();
        long since = System.nanoTime() - (tables < largePrint ? giveWayNanos : 0);
        for (Read r : read) {
            if (!giveWay(since)) {
                return;
            }
            store.prepareTrees(r.connection().root());
            for (String fqn : r.manifest().edgeAnnotators()) {
                if (!giveWay(since)) {
                    return;
                }
                readAnnotations(r.view(), fqn);
            }
        }
    }

    /**
     * Runs {@code work} once the give-way has passed since now and since a call last started, with none under way:
     * on a small print the read is done before a call sent at once after initialize arrives, and the work would run
     * beside it.
     */
    private void whenQuiet(Runnable work) {
        if (giveWay(System.nanoTime())) {
            try {
                work.run();
            } catch (RuntimeException e) {
                // a later call does the same work and meets the fault in its own reply
                LOG.debugf("the work left for a quiet moment failed: %s", e);
            }
        }
    }

    /** Waits for calls ({@link PrintStore#giveWayToCalls}); false when the server stopped meanwhile. */
    private boolean giveWay(long since) {
        store.giveWayToCalls(giveWayNanos, since, () -> stopped);
        return !stopped;
    }

    private static void readAnnotations(PrintView view, String fqn) {
        try {
            view.table(fqn).filter(TableEntry::followable).ifPresent(view::relationshipsAnnotations);
        } catch (RuntimeException e) {
            LOG.debugf("the annotations of %s were not read ahead: %s", fqn, e);
        }
    }
}
