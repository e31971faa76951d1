package dev.dbprint.mcp.sqlcheck;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where check_sql's work runs: a few threads of their own, so check_sql's calls together take at most half the cores
 * however many there are, and with a stack deep enough for the parser's and the checker's recursion over
 * a 10,000-term condition. The caller waits as a {@link ForkJoinPool.ManagedBlocker}: on a fork-join pool (the stdio
 * workers) its worker is replaced while it waits, so check_sql calls never hold the workers other tools need.
 */
final class CheckThreads {

    /** Calls computed at once: half the cores, at least one; more wait in order. */
    static final int THREADS = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    /**
     * Measured: the checker's walk of a 10,000-term AND chain overflows 4 MB and fits 8 MB (reading it fits 1 MB);
     * eight times that, for chains to 80,000 terms. Reserved, not committed: a thread touches only what it recurses.
     */
    static final long STACK_BYTES = 64L * 1024 * 1024;

    private static final AtomicInteger COUNT = new AtomicInteger();
    private static final ExecutorService POOL = Executors.newFixedThreadPool(THREADS, r -> {
        Thread t = new Thread(null, r, "dbprint-sql-check-" + COUNT.incrementAndGet(), STACK_BYTES);
        t.setDaemon(true);
        return t;
    });

    private CheckThreads() {
    }

    /** Runs {@code work} on these threads and returns its result; what it throws is thrown here. */
    static <T> T run(Callable<T> work) {
        Future<T> future = POOL.submit(work);
        try {
            ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {

                @Override
                public boolean block() throws InterruptedException {
                    try {
                        future.get();
                    } catch (ExecutionException e) {
                        // reported by the get below
                    }
                    return true;
                }

                @Override
                public boolean isReleasable() {
                    return future.isDone();
                }
            });
            return future.get();
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("check_sql interrupted while it waited for its work", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
