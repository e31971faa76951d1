package dev.dbprint.mcp.protocol;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * The notifications a client sends: a cancellation withdraws a request of its peer; {@code notifications/initialized},
 * sent once the client has the handshake's reply, starts the {@link ReadAhead} unless {@code initialize} did (a client
 * that skipped it); any other is accepted and ignored.
 */
@Singleton
class Notifications {

    private final ReadAhead readAhead;

    @Inject
    Notifications(ReadAhead readAhead) {
        this.readAhead = readAhead;
    }

    void receive(Message message, Exchange exchange) {
        if (!message.isJsonRpc2()) {
            return;
        }
        if ("notifications/cancelled".equals(message.name())) {
            exchange.peer().cancel(message.json().path("params").path("requestId"));
        } else if ("notifications/initialized".equals(message.name())) {
            readAhead.begin();
        }
    }
}
