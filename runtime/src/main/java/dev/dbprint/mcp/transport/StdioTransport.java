package dev.dbprint.mcp.transport;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import dev.dbprint.mcp.config.DbprintConfig;
import dev.dbprint.mcp.protocol.Answer;
import dev.dbprint.mcp.protocol.Connection;
import dev.dbprint.mcp.protocol.Endpoints;
import dev.dbprint.mcp.protocol.Headers;
import dev.dbprint.mcp.protocol.Turn;
import dev.dbprint.mcp.shutdown.ExitRequest;
import dev.dbprint.mcp.shutdown.ShutdownBound;

/**
 * Newline-delimited JSON-RPC over stdin/stdout, UTF-8 whatever the locale. A line that may read print files (a tool
 * call, a resource list or read, a batch) is answered on a worker so a slow call does not hold the next; every other
 * line (ping, the handshake, the tool and template lists, notifications such as a cancellation) is answered by the
 * reader at once, so it never queues behind slow calls. Replies are written whole, one per line. EOF on stdin is a
 * clean shutdown (§7.3): the calls already read are answered, then the server exits 0.
 */
@ApplicationScoped
public class StdioTransport {

    /** Fired once the transport reads frames, for the line that says so. */
    public record Started() {
    }

    private static final Logger LOG = Logger.getLogger(StdioTransport.class);
    /**
     * Calls answered at once; more wait in order. Twice the cores, at least 4: a call blocked on a slow file read does
     * not hold the CPU, and one per core would let two such calls stall every other on a 2-core machine. A fork-join
     * pool, so a call that waits on work of its own elsewhere (check_sql, as a managed blocker) is replaced meanwhile
     * and four slow check_sql calls cannot hold every worker.
     */
    static final int WORKERS = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

    @Inject
    Endpoints endpoints;

    @Inject
    DbprintConfig config;

    /**
     * The buffer frames are written through, reused: it holds a page of a reply (20,000 characters, most of them one
     * byte) and its envelope, so such a frame goes out in one write; a longer one takes two.
     */
    private static final int FRAME_BUFFER = 64 * 1024;
    /** How long shutdown waits for the reader to hand over the frames already sent. */
    private static final long HANDOVER_NANOS = TimeUnit.SECONDS.toNanos(5);

    /** Held by a write of a frame; a write blocks while the client does not read stdout. */
    private final ReentrantLock writeLock = new ReentrantLock();
    private final CountDownLatch readerDone = new CountDownLatch(1);
    /** One stdio connection is one client: its cancellations apply to its own requests, of either era. */
    private Connection connection;
    private ExecutorService workers;
    private OutputStream out;
    /** A write to stdout failed; guarded by {@link #writeLock}. */
    private boolean broken;
    private WatchedInput stdin;
    private volatile boolean stopping;
    /** Set once shutdown stopped waiting for the calls still running: what they do next has no one to answer. */
    private volatile boolean abandoned;
    /** Frames taken and not yet answered (or, for a notification, handled). */
    private final AtomicInteger unanswered = new AtomicInteger();
    /** When the reader last took a frame or a frame was last answered, or the transport started. */
    private volatile long lastActivity;

    public void start() {
        lastActivity = System.nanoTime();
        connection = endpoints.stdio();
        out = new BufferedOutputStream(StdioStreams.frames(), FRAME_BUFFER);
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        workers = new ForkJoinPool(WORKERS, pool -> new Worker(pool, loader), null, true); // asyncMode: first in, first out
        // one worker started now, beside the boot: a first call sent at once after initialize otherwise waited for a
        // thread to be made, while the warm-ups the greeting starts and C1 held both processors
        workers.execute(() -> {
        });
        stdin = new WatchedInput(new FileInputStream(FileDescriptor.in));
        Thread reader = new Thread(() -> readLoop(stdin), "dbprint-stdio-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Returns once the client has gone quiet: every frame it sent answered and none for {@code quietNanos}, or once
     * {@code boundNanos} have passed, the client reached EOF or an exit was asked for.
     */
    public void awaitQuiet(long quietNanos, long boundNanos) {
        Thread waiter = Thread.currentThread();
        ExitRequest.onAsk(() -> LockSupport.unpark(waiter)); // EOF asks too, once the reader is done
        long deadline = System.nanoTime() + boundNanos;
        while (readerDone.getCount() > 0 && !ExitRequest.asked()) {
            long now = System.nanoTime();
            long wait = Math.min(deadline - now, unanswered.get() > 0 ? quietNanos : lastActivity + quietNanos - now);
            if (wait <= 0) {
                return;
            }
            LockSupport.parkNanos(wait);
        }
    }

    /**
     * Stops taking frames, lets every call the client sent before the signal finish and be answered, and flushes. The
     * frames already sent may still sit in the reader's buffer or in the pipe: the reader hands those over first, and
     * stops taking frames once it would have to wait for more.
     */
    public void stop() {
        stopping = true;
        if (workers == null) {
            return;
        }
        long deadline = System.nanoTime() + HANDOVER_NANOS;
        while (readerDone.getCount() > 0 && !stdin.caughtUp() && System.nanoTime() < deadline) {
            try {
                readerDone.await(1, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        workers.shutdown();
        Duration bound = ShutdownBound.configured();
        try {
            if (!workers.awaitTermination(bound.toNanos(), TimeUnit.NANOSECONDS)) {
                abandoned = true;
                LOG.warnf("calls still running, or their answers unread by the client, after %s at shutdown;"
                        + " exiting without them", bound);
            }
            // a write blocked on a client that stops reading stdout holds the lock for good: exit without flushing
            if (writeLock.tryLock(abandoned ? 0 : bound.toNanos(), TimeUnit.NANOSECONDS)) {
                try {
                    if (!broken) {
                        out.flush();
                    }
                } catch (IOException ignored) {
                    // the client has gone; nothing is left to tell it
                } finally {
                    writeLock.unlock();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        System.err.flush();
    }

    private void readLoop(InputStream in) {
        FrameReader frames = new FrameReader(in, config.maxMessageBytes());
        try {
            while (!stopping || frames.pending()) {
                FrameReader.Frame frame = frames.next();
                if (frame == null) {
                    break;
                }
                if (frame.oversize()) {
                    send(connection.oversize(config.maxMessageBytes()).body());
                    continue;
                }
                String text = frame.text();
                if (!text.isBlank()) {
                    take(text);
                }
            }
        } catch (IOException e) {
            LOG.warn("stdin failed: " + e.getMessage());
        } finally {
            readerDone.countDown();
        }
        if (!stopping) {
            ExitRequest.ask(); // EOF: the shutdown observer drains the calls already read
        }
    }

    /**
     * Hands a frame to the connection, which classifies and admits it (on this thread, so a cancellation read next finds
     * it), then answers it here when it is answered from memory, else on a worker.
     */
    private void take(String text) {
        unanswered.incrementAndGet();
        lastActivity = System.nanoTime();
        Turn turn;
        try {
            turn = connection.receive(text, Headers.NONE);
        } catch (RuntimeException e) {
            LOG.error("frame handling failed", e);
            answered();
            return;
        }
        if (!turn.readsPrint()) {
            answer(turn);
            return;
        }
        try {
            workers.execute(() -> answer(turn));
        } catch (RejectedExecutionException e) {
            // sent after shutdown began (the reader was waiting on an empty pipe when it did): not answered
            LOG.debug("frame received after shutdown began; not answered");
            answered();
        }
    }

    private void answered() {
        lastActivity = System.nanoTime();
        unanswered.decrementAndGet();
    }

    private void answer(Turn turn) {
        try {
            Answer answer = turn.answer();
            if (answer.body() != null) {
                send(answer.body());
            }
        } catch (RuntimeException e) {
            if (abandoned) {
                // the container is gone under a call shutdown gave up on, as the warning above said
                LOG.debugf("a call abandoned at shutdown ended: %s", e);
            } else {
                LOG.error("frame handling failed", e);
            }
        } finally {
            answered();
        }
    }

    /** A worker with the application's class loader, as a thread started here has (the pool's default takes the system's). */
    private static final class Worker extends ForkJoinWorkerThread {

        Worker(ForkJoinPool pool, ClassLoader loader) {
            super(pool);
            setName("dbprint-stdio-worker");
            setContextClassLoader(loader);
        }
    }

    /** Stdin, marking the reader idle while it waits for bytes the client has not sent yet. */
    private static final class WatchedInput extends FilterInputStream {

        /** Set while a read waits with nothing unread when it began. */
        private volatile boolean idle;

        WatchedInput(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            idle = super.available() == 0;
            try {
                return super.read(b, off, len);
            } finally {
                idle = false;
            }
        }

        /** Whether the reader waits for input and none has arrived since it began to: all sent was handed over. */
        boolean caughtUp() {
            try {
                return idle && super.available() == 0;
            } catch (IOException e) {
                return true; // stdin is gone: nothing more can arrive
            }
        }
    }

    /**
     * Writes one frame, the reply's UTF-8 and its newline, in one write when it fits the stream's buffer (where a copy of
     * each reply with its newline was made for that write).
     */
    private void send(byte[] reply) {
        writeLock.lock();
        try {
            if (!broken) {
                out.write(reply);
                out.write('\n');
                out.flush();
            }
        } catch (IOException e) {
            // what the failed write left in the buffer would go out again ahead of the next frame: write no more
            broken = true;
            LOG.debug("stdout closed: " + e.getMessage());
        } finally {
            writeLock.unlock();
        }
    }

    /** Reads newline-terminated frames as bytes, so a frame is decoded as UTF-8 whole and a huge one is skipped, not held. */
    static final class FrameReader {

        record Frame(String text, boolean oversize) {
        }

        private final InputStream in;
        private final int limit;
        private final byte[] buffer = new byte[64 * 1024];
        private int pos;
        private int end;

        FrameReader(InputStream in, int limit) {
            this.in = in;
            this.limit = limit;
        }

        /** Whether a frame's bytes are at hand without waiting: buffered here, or unread in the stream. */
        boolean pending() throws IOException {
            return pos < end || in.available() > 0;
        }

        /** The next frame, or null at EOF with nothing pending. */
        Frame next() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            boolean oversize = false;
            while (true) {
                if (pos == end) {
                    end = in.read(buffer);
                    pos = 0;
                    if (end <= 0) {
                        end = 0;
                        return line.size() == 0 && !oversize ? null : frame(line, oversize);
                    }
                }
                int start = pos;
                while (pos < end && buffer[pos] != '\n') {
                    pos++;
                }
                int length = pos - start;
                if (!oversize && line.size() + length > limit) {
                    oversize = true;
                    line.reset();
                }
                if (!oversize) {
                    line.write(buffer, start, length);
                }
                if (pos < end) {
                    pos++; // the newline
                    return frame(line, oversize);
                }
            }
        }

        private static Frame frame(ByteArrayOutputStream line, boolean oversize) {
            return new Frame(oversize ? "" : line.toString(StandardCharsets.UTF_8), oversize);
        }
    }
}
