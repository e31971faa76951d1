package dev.dbprint.mcp.protocol;

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

    @Inject
    ReadAhead(Event<ClientGreeted> greeted) {
        this.greeted = greeted;
    }

    void begin() {
        greeted.fire(new ClientGreeted());
        NumberWarmup.begin();
    }
}
