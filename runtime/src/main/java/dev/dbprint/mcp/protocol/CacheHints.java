package dev.dbprint.mcp.protocol;

import java.util.Map;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a modern result adds: {@code resultType} on every one, and how long and how widely a client may keep it. The tool
 * set, the URI templates and the server's identity are fixed for the life of the process, so those lists are fresh
 * for an hour and may be shared; what a print says may change the moment {@code dbprint generate} rewrites it (spec
 * §7.1), so a resource list or read is stale at once and is the client's own.
 */
final class CacheHints {

    private record Hint(long ttlMs, String scope) {
    }

    static final long FIXED_FOR_THE_PROCESS_MS = 3_600_000;

    private static final Map<String, Hint> HINTS = Map.of(
            "server/discover", new Hint(FIXED_FOR_THE_PROCESS_MS, "public"),
            "tools/list", new Hint(FIXED_FOR_THE_PROCESS_MS, "public"),
            "resources/templates/list", new Hint(FIXED_FOR_THE_PROCESS_MS, "public"),
            "resources/list", new Hint(0, "private"),
            "resources/read", new Hint(0, "private"));

    private CacheHints() {
    }

    static void complete(String method, ObjectNode result) {
        result.put("resultType", "complete");
        Hint hint = HINTS.get(method);
        if (hint != null) {
            result.put("ttlMs", hint.ttlMs());
            result.put("cacheScope", hint.scope());
        }
    }
}
