package dev.dbprint.mcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** Work done ahead on a side thread: a daemon of the given name, whose failure goes no further than a log line. */
class SideThreadTest {

    @Test
    void theWorkRunsOnANamedDaemonAndItsFailureEndsThere() throws Exception {
        CompletableFuture<Thread> ran = new CompletableFuture<>();
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(e));
        try {
            SideThread.start("dbprint-side-test", "failing on purpose", () -> {
                ran.complete(Thread.currentThread());
                throw new IllegalStateException("on purpose");
            });
            Thread on = ran.get(10, TimeUnit.SECONDS);
            on.join(TimeUnit.SECONDS.toMillis(10));
            assertEquals("dbprint-side-test", on.getName());
            assertTrue(on.isDaemon(), "a daemon holds no exit");
            assertEquals(List.of(), uncaught, "the failure is logged, not left to the default handler");
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }
}
