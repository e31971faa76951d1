package dev.dbprint.mcp.protocol;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The open Streamable HTTP sessions, bounded: a session unused for longer than the idle timeout is gone (its next
 * request gets 404 and the client starts a new one, as the transport provides), and at most {@code max} are open at
 * once; past that, {@code initialize} is refused until one ends or expires.
 */
final class Sessions {

    /** One session: the revision its handshake agreed, its peer for cancellations, when it was last used. */
    static final class Session {

        final String id;
        final String version;
        final Peer peer = new Peer();
        private volatile long lastUsed = System.nanoTime();

        Session(String id, String version) {
            this.id = id;
            this.version = version;
        }
    }

    private final Map<String, Session> open = new ConcurrentHashMap<>();
    private final int max;
    private final long idleNanos;

    Sessions(int max, Duration idle) {
        this.max = max;
        this.idleNanos = idle.toNanos();
    }

    /** A new session, or empty when {@code max} sessions are open and none has expired. */
    synchronized Optional<Session> open(String version) {
        if (open.size() >= max) {
            long now = System.nanoTime();
            open.values().removeIf(s -> expired(s, now));
            if (open.size() >= max) {
                return Optional.empty();
            }
        }
        Session session = new Session(UUID.randomUUID().toString().replace("-", ""), version);
        open.put(session.id, session);
        return Optional.of(session);
    }

    /** The open session of that id, marked used now; null when unknown, ended or expired. */
    Session use(String id) {
        Session session = open.get(id);
        if (session == null) {
            return null;
        }
        long now = System.nanoTime();
        if (expired(session, now)) {
            open.remove(id, session);
            return null;
        }
        session.lastUsed = now;
        return session;
    }

    /** The most sessions open at once. */
    int max() {
        return max;
    }

    boolean end(String id) {
        return open.remove(id) != null;
    }

    private boolean expired(Session session, long now) {
        return now - session.lastUsed > idleNanos;
    }
}
