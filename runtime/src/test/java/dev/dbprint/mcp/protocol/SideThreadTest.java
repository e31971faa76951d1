package dev.dbprint.mcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;

/**
 * Work done ahead on a side thread: a daemon of the given name, whose failure goes no further than a log line under the
 * category of the class that started it.
 */
class SideThreadTest {

    @Test
    void theWorkRunsOnANamedDaemonAndItsFailureEndsThere() throws Exception {
        CompletableFuture<Thread> ran = new CompletableFuture<>();
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(e));
        List<String> logged = new CopyOnWriteArrayList<>();
        Logger category = Logger.getLogger(SideThreadTest.class.getName());
        Level level = category.getLevel();
        Handler handler = new Handler() {

            @Override
            public void publish(LogRecord record) {
                logged.add(record.getLevel().intValue() + " " + record.getMessage()); // FINE and DEBUG are both 500
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        handler.setLevel(Level.ALL);
        category.setLevel(Level.ALL);
        category.addHandler(handler);
        try {
            SideThread.start(SideThreadTest.class, "dbprint-side-test", "failing on purpose", () -> {
                ran.complete(Thread.currentThread());
                throw new IllegalStateException("on purpose");
            });
            Thread on = ran.get(10, TimeUnit.SECONDS);
            on.join(TimeUnit.SECONDS.toMillis(10));
            assertEquals("dbprint-side-test", on.getName());
            assertTrue(on.isDaemon(), "a daemon holds no exit");
            assertEquals(List.of(), uncaught, "the failure is logged, not left to the default handler");
            assertEquals(List.of(Level.FINE.intValue() + " failing on purpose failed"), logged,
                    "at debug level, under the owner's category");
        } finally {
            category.removeHandler(handler);
            category.setLevel(level);
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }
}
