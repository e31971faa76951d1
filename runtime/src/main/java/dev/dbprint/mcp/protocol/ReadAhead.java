package dev.dbprint.mcp.protocol;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Reception;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.dbprint.mcp.paging.CursorCodec;
import dev.dbprint.mcp.signal.CallUnderway;
import dev.dbprint.mcp.signal.ClientGreeted;
import io.quarkus.runtime.ShutdownEvent;

/**
 * What every session's first calls need, read and loaded on threads of their own while the client moves on: the
 * protocol says a client is greeted ({@link ClientGreeted}, which the print's warm-up observes) as {@code initialize}
 * is answered, and warms the writing of numbers ({@link NumberWarmup}); the greeting leaves the setting up of the
 * cursors' key and digest to the read-ahead's thread, once it is done and no call is under way. Each starts once per
 * process however often this is called. Around each request it answers that reads the print, the protocol says a call is under way ({@link
 * CallUnderway}), which the warm-up gives way to. Neither is said once the server stops: each is observed by an
 * application-scoped bean, and an event fired after the application context is gone (a call that ends past the
 * shutdown's bound) would make a second such bean, a second print store among them. The check of the stop and the fire
 * are one step: an event being fired holds back the stop until it is fired, so none is fired once the stop has been
 * observed, however its thread is scheduled. The first fire makes the beans that observe it (the warm-up, the print
 * store), so a stop may wait that long; none of them fires again or stops the server, so the wait always ends.
 */
@Singleton
class ReadAhead {

    private final Event<ClientGreeted> greeted;
    private final Event<CallUnderway> underway;
    /** Once begun, a stateless client's every tools/list need not fire the event again. */
    private final AtomicBoolean begun = new AtomicBoolean();
    /** Held shared while an event is fired, and alone by the stop. */
    private final ReadWriteLock firing = new ReentrantReadWriteLock();
    /** Guarded by {@link #firing}. */
    private boolean stopped;
    private static final CallUnderway BEGAN = new CallUnderway(false);
    private static final CallUnderway ENDED = new CallUnderway(true);

    @Inject
    ReadAhead(Event<ClientGreeted> greeted, Event<CallUnderway> underway) {
        this.greeted = greeted;
        this.underway = underway;
    }

    /** The server stops: no event is fired from now on. */
    void stopping(@Observes(notifyObserver = Reception.IF_EXISTS) ShutdownEvent event) {
        Lock alone = firing.writeLock();
        alone.lock();
        try {
            stopped = true;
        } finally {
            alone.unlock();
        }
    }

    /**
     * Says the client is greeted, on a thread of its own: the first fire makes the print store and the warm-up, a few
     * milliseconds in a fresh process, which on the thread answering {@code initialize} delayed its reply, and at
     * {@code notifications/initialized} held the stdio reader while the client's first call waited behind it.
     */
    void begin() {
        if (!begun.compareAndSet(false, true)) {
            return;
        }
        // a failure here is met again by the first call, which makes what the greeting would have
        SideThread.start(ReadAhead.class, "dbprint-greeting", "reading ahead for the first calls", () -> {
            // the process's first cursor, minted at hello, cost a first call beside it 10-18 ms: minted once quiet
            if (fire(greeted, new ClientGreeted(CursorCodec.processWide()::prepare))) {
                NumberWarmup.write(); // this thread's work is done once the event is fired
            }
        });
    }

    /** A request's answer begins: until {@link #callEnded()}, reading ahead waits. */
    void callBegan() {
        fire(underway, BEGAN);
    }

    void callEnded() {
        fire(underway, ENDED);
    }

    /** Fires {@code event} unless the server has stopped; whether it did. */
    private <T> boolean fire(Event<T> to, T event) {
        Lock shared = firing.readLock();
        shared.lock();
        try {
            if (stopped) {
                return false;
            }
            to.fire(event);
            return true;
        } finally {
            shared.unlock();
        }
    }
}
