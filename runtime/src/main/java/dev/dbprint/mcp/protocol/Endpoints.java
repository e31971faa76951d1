package dev.dbprint.mcp.protocol;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Where a transport gets its {@link Connection}s, one per client stream or endpoint. Each connection serves what it
 * admits through the same {@link Batch}; nothing here is called back.
 */
@ApplicationScoped
public class Endpoints {

    @Inject
    JsonCodec codec;

    @Inject
    Batch batch;

    /** A stdio connection: one client, both eras on one stream. */
    public Connection stdio() {
        return new Connection(codec, batch, Carrier.STDIO, null);
    }

    /** A legacy SSE stream: one client, the handshake revisions only. */
    public Connection sseStream() {
        return new Connection(codec, batch, Carrier.SSE, null);
    }

    /** The Streamable HTTP endpoint: at most {@code maxSessions} sessions, each gone after {@code idle} unused. */
    public Connection streamable(int maxSessions, Duration idle) {
        return new Connection(codec, batch, Carrier.STREAMABLE_HTTP, new Sessions(maxSessions, idle));
    }
}
