package dev.dbprint.mcp.protocol;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * How long and how widely a client may keep a modern result. The tool set, the URI templates and the server's
 * identity are fixed for the life of the process, so those lists are fresh for an hour and may be shared; what a print
 * says may change the moment {@code dbprint generate} rewrites it (spec §7.1), so a resource list or read is stale at
 * once and is the client's own. Each {@link Method} names its hint.
 */
enum CacheHint {

    /** No hint: the result says only {@code resultType}. */
    NONE(-1, null), FIXED_FOR_THE_PROCESS(3_600_000, "public"), STALE_AT_ONCE(0, "private");

    private final long ttlMs;
    private final String scope;

    CacheHint(long ttlMs, String scope) {
        this.ttlMs = ttlMs;
        this.scope = scope;
    }

    /** What every modern result adds: {@code resultType}, then this hint. */
    void complete(ObjectNode result) {
        result.put("resultType", "complete");
        if (scope != null) {
            result.put("ttlMs", ttlMs);
            result.put("cacheScope", scope);
        }
    }
}
