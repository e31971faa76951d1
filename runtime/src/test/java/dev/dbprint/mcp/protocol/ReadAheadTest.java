package dev.dbprint.mcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.Annotation;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.NotificationOptions;
import jakarta.enterprise.util.TypeLiteral;

import org.junit.jupiter.api.Test;

import dev.dbprint.mcp.signal.CallUnderway;
import dev.dbprint.mcp.signal.ClientGreeted;
import io.quarkus.runtime.ShutdownEvent;

/**
 * The read-ahead's events are fired until the server stops, and not after: each is observed by an application-scoped
 * bean, which an event fired once the application context is gone would make anew.
 */
class ReadAheadTest {

    /** An event that notes what is fired through it, once {@code during} has run. */
    private static final class Noted<T> implements Event<T> {

        final List<T> fired = new CopyOnWriteArrayList<>();
        private final Runnable during;

        Noted() {
            this(() -> {
            });
        }

        Noted(Runnable during) {
            this.during = during;
        }

        @Override
        public void fire(T event) {
            during.run();
            fired.add(event);
        }

        @Override
        public <U extends T> CompletionStage<U> fireAsync(U event) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <U extends T> CompletionStage<U> fireAsync(U event, NotificationOptions options) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Event<T> select(Annotation... qualifiers) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <U extends T> Event<U> select(Class<U> subtype, Annotation... qualifiers) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <U extends T> Event<U> select(TypeLiteral<U> subtype, Annotation... qualifiers) {
            throw new UnsupportedOperationException();
        }
    }

    private final Noted<ClientGreeted> greeted = new Noted<>();
    private final Noted<CallUnderway> underway = new Noted<>();
    private final ReadAhead readAhead = new ReadAhead(greeted, underway);

    @Test
    void aCallThatEndsOnceTheServerStopsFiresNothing() {
        readAhead.callBegan();
        readAhead.stopping(new ShutdownEvent());
        readAhead.callEnded();
        readAhead.callBegan();
        readAhead.begin();
        assertEquals(1, underway.fired.size(), "only the call that began before the stop: " + underway.fired);
        assertEquals(List.of(), greeted.fired, "no client greeted once the server stops");
    }

    /**
     * A stop that comes while an event is being fired waits for it: once the stop is observed, no event is fired, where
     * a call that had checked the stop and not yet fired would fire past it.
     */
    @Test
    void aStopWaitsForTheEventBeingFired() throws Exception {
        CountDownLatch firing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Noted<CallUnderway> slow = new Noted<>(() -> {
            firing.countDown();
            await(release);
        });
        ReadAhead held = new ReadAhead(greeted, slow);
        Thread call = new Thread(held::callBegan);
        call.start();
        await(firing);
        ShutdownEvent shutdown = new ShutdownEvent();
        AtomicInteger firedWhenStopped = new AtomicInteger(-1);
        Thread stop = new Thread(() -> {
            held.stopping(shutdown);
            firedWhenStopped.set(slow.fired.size());
        });
        stop.start();
        // the stop either returns at once, the event still being fired, or waits for it
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
        while (stop.getState() != Thread.State.TERMINATED && stop.getState() != Thread.State.WAITING) {
            assertTrue(System.nanoTime() < deadline, "the stop neither returned nor waited");
            Thread.sleep(1);
        }
        release.countDown();
        call.join(TimeUnit.SECONDS.toMillis(BOUND_SECONDS));
        stop.join(TimeUnit.SECONDS.toMillis(BOUND_SECONDS));
        assertEquals(1, firedWhenStopped.get(), "the event was fired before the stop was observed");
        held.callEnded();
        assertEquals(1, slow.fired.size(), "and none after");
    }

    /** How long any one step may take before the test fails: a guard against a hang, never what decides the test. */
    private static final long BOUND_SECONDS = 10;

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(BOUND_SECONDS, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /**
     * The greeting is said on a thread of its own: its first fire makes the print store, which on the thread answering
     * initialize would delay the reply, and on the stdio reader the client's first call.
     */
    @Test
    void theGreetingIsSaidOnAThreadOfItsOwn() throws InterruptedException {
        CountDownLatch said = new CountDownLatch(1);
        List<Thread> on = new CopyOnWriteArrayList<>();
        Noted<ClientGreeted> noted = new Noted<>(() -> {
            on.add(Thread.currentThread());
            said.countDown();
        });
        ReadAhead greeting = new ReadAhead(noted, underway);
        greeting.begin();
        greeting.begin();
        await(said);
        // a second greeting, were the once-guard broken, may not have run yet: wait for every greeting thread to end
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("dbprint-greeting")) {
                t.join(TimeUnit.SECONDS.toMillis(10));
            }
        }
        assertEquals(1, on.size(), "said once: " + on);
        assertNotEquals(Thread.currentThread(), on.get(0));
    }

    @Test
    void untilTheServerStopsEachCallIsSaid() {
        readAhead.callBegan();
        readAhead.callEnded();
        assertEquals(List.of(false, true), underway.fired.stream().map(CallUnderway::ended).toList());
    }
}
