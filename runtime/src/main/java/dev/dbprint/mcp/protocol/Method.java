package dev.dbprint.mcp.protocol;

import java.util.Optional;

/**
 * Every JSON-RPC method the server answers, in one list: each {@link Era} names the ones it answers, and the dispatcher
 * maps each to its handler in a switch the compiler checks is complete.
 */
public enum Method {

    INITIALIZE("initialize", false), DISCOVER("server/discover", false), PING("ping", false), TOOLS_LIST("tools/list",
            false), TOOLS_CALL("tools/call", true), RESOURCES_LIST("resources/list",
                    true), RESOURCES_READ("resources/read", true), TEMPLATES_LIST("resources/templates/list",
                            false), COMPLETE("completion/complete", true);

    private final String wire;
    private final boolean readsPrint;

    Method(String wire, boolean readsPrint) {
        this.wire = wire;
        this.readsPrint = readsPrint;
    }

    /** The method's name on the wire. */
    public String wire() {
        return wire;
    }

    /** Whether answering reads print files: the only methods worth a worker thread of their own. */
    public boolean readsPrint() {
        return readsPrint;
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
