package dev.dbprint.mcp.protocol;

import java.util.List;

/** The request headers a transport hands over with a frame, each by name (case-insensitive), every line of it. */
@FunctionalInterface
public interface Headers {

    /** Stdio's: a line has no headers. */
    Headers NONE = name -> List.of();

    /** Every line of the header {@code name}, in order; empty when it is absent. */
    List<String> all(String name);

    /** Its first line, or null. */
    default String first(String name) {
        List<String> lines = all(name);
        return lines.isEmpty() ? null : lines.get(0);
    }
}
