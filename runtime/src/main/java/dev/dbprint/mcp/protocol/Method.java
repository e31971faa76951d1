package dev.dbprint.mcp.protocol;

import java.util.Optional;

/**
 * Every JSON-RPC method the server answers, in one list, each with what the protocol needs to know of it: whether it
 * reads the print, how long a modern client may keep its result, and which param a modern HTTP request repeats in
 * {@code Mcp-Name}. Each {@link Era} names the ones it answers, and the dispatcher maps each to its handler in a switch
 * the compiler checks is complete: a new method is a constant here and its case there.
 */
public enum Method {

    // one constant to a line, its facts in columns: the formatter would stair-step these argument lists
    // @formatter:off
    INITIALIZE("initialize", false, CacheHint.NONE, null),
    DISCOVER("server/discover", false, CacheHint.FIXED_FOR_THE_PROCESS, null),
    PING("ping", false, CacheHint.NONE, null),
    TOOLS_LIST("tools/list", false, CacheHint.FIXED_FOR_THE_PROCESS, null),
    TOOLS_CALL("tools/call", true, CacheHint.NONE, "name"),
    RESOURCES_LIST("resources/list", true, CacheHint.STALE_AT_ONCE, null),
    RESOURCES_READ("resources/read", true, CacheHint.STALE_AT_ONCE, "uri"),
    TEMPLATES_LIST("resources/templates/list", false, CacheHint.FIXED_FOR_THE_PROCESS, null),
    COMPLETE("completion/complete", true, CacheHint.NONE, null);
    // @formatter:on

    private final String wire;
    private final boolean readsPrint;
    private final CacheHint cacheHint;
    private final String routedParam;

    Method(String wire, boolean readsPrint, CacheHint cacheHint, String routedParam) {
        this.wire = wire;
        this.readsPrint = readsPrint;
        this.cacheHint = cacheHint;
        this.routedParam = routedParam;
    }

    /** The method's name on the wire. */
    public String wire() {
        return wire;
    }

    /** Whether answering reads print files: the only methods worth a worker thread of their own. */
    public boolean readsPrint() {
        return readsPrint;
    }

    CacheHint cacheHint() {
        return cacheHint;
    }

    /** The param a modern HTTP request repeats in {@code Mcp-Name} (a tool's name, a URI), or null. */
    String routedParam() {
        return routedParam;
    }

    /** The method named {@code wire}; empty for a name the server answers under no era. */
    public static Optional<Method> named(String wire) {
        for (Method m : values()) {
            if (m.wire.equals(wire)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
