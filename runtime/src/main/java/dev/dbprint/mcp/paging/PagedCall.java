package dev.dbprint.mcp.paging;

import java.util.Map;
import java.util.Optional;

/** What a paged reply is kept under and its cursors are bound to, besides the print files it read (spec §4.8). */
public interface PagedCall {

    /** Who asks, as the §8 cursor sentences name it: a tool's name, or {@code resources/list}. */
    String caller();

    /** Every argument but the cursor, as plain values. */
    Map<String, ?> argumentsWithoutCursor();

    Optional<String> cursor();

    /** A call named and argued by its caller (a protocol method, which is no tool). */
    static PagedCall of(String caller, Map<String, ?> argumentsWithoutCursor, Optional<String> cursor) {
        record Named(String caller, Map<String, ?> argumentsWithoutCursor, Optional<String> cursor) implements PagedCall {
        }
        return new Named(caller, argumentsWithoutCursor, cursor);
    }
}
