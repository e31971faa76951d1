package dev.dbprint.mcp.protocol;

/** What a frame arrived on, and so how its era is told apart: the one place that decides legacy or 2026-07-28. */
public enum Carrier {

    /** One client per connection, both eras on one stream. */
    STDIO,
    /** {@code POST /mcp}: a session per handshake, or a modern request on its own. */
    STREAMABLE_HTTP,
    /** {@code POST /messages/}: the legacy HTTP+SSE transport, handshake revisions only. */
    SSE;

    /**
     * The era a message is served under. On stdio a message is modern when it names a revision in {@code _meta}, or
     * calls a method only the modern era has ({@code server/discover}, so a client may probe with it and then still
     * {@code initialize}). On {@code /mcp} a message is legacy when it carries a session, is a batch, or is an
     * {@code initialize} naming no revision (the handshake that mints a session); every other is modern. The SSE
     * transport is legacy only.
     */
    Era era(Message message, RequestMeta meta, boolean inSession) {
        if (!message.json().isObject()) {
            return Era.LEGACY;
        }
        return switch (this) {
            case STDIO -> meta.namesVersion() || onlyModern(message.method()) ? Era.MODERN : Era.LEGACY;
            case STREAMABLE_HTTP -> inSession || opensSession(message, meta) ? Era.LEGACY : Era.MODERN;
            case SSE -> Era.LEGACY;
        };
    }

    private static boolean onlyModern(Method method) {
        return method != null && Era.MODERN.answers(method) && !Era.LEGACY.answers(method);
    }

    /** A legacy {@code initialize} request: a handshake, which mints a session. */
    static boolean opensSession(Message message, RequestMeta meta) {
        return message.method() == Method.INITIALIZE && message.json().has("id") && !meta.namesVersion();
    }
}
