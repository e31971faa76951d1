package dev.dbprint.mcp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

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

    /** An event that notes what is fired through it. */
    private static final class Noted<T> implements Event<T> {

        final List<T> fired = new ArrayList<>();

        @Override
        public void fire(T event) {
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

    @Test
    void untilTheServerStopsEachCallIsSaid() {
        readAhead.callBegan();
        readAhead.callEnded();
        assertEquals(List.of(false, true), underway.fired.stream().map(CallUnderway::ended).toList());
    }
}
