package dev.dbprint.mcp.protocol;

import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.dbprint.mcp.signal.ClientGreeted;

/**
 * What every session's first calls need, read and loaded on threads of their own while the client moves on: the
 * protocol says a client is greeted ({@link ClientGreeted}, which the print's warm-up observes) and warms the writing
 * of numbers ({@link NumberWarmup}). Each starts once per process however often this is called.
 */
@Singleton
class ReadAhead {

    private final Event<ClientGreeted> greeted;
    /** Once begun, a stateless client's every tools/list need not fire the event again. */
    private final AtomicBoolean begun = new AtomicBoolean();

    @Inject
    ReadAhead(Event<ClientGreeted> greeted) {
        this.greeted = greeted;
    }

    void begin() {
        if (!begun.compareAndSet(false, true)) {
            return;
        }
        greeted.fire(new ClientGreeted());
        NumberWarmup.begin();
    }
}
