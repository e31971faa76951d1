package dev.dbprint.mcp.paging;

import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.error.ErrorCatalog;

/**
 * A cursor the call cannot follow, carrying the exact §8.2 detail string (a tool fault: {@code isError: true} with
 * {@link #getMessage()} as its text; for {@code resources/list}, the same sentence as a -32602 detail).
 */
public final class CursorFault extends DetailedFault {

    private static final long serialVersionUID = 1L;

    public enum Kind {
        /** Does not decode, or its authentication tag does not verify. */
        NOT_ISSUED,
        /** Issued by another tool, or by this one under other arguments. */
        FOREIGN,
        /** The print files it was pinned to changed on disk. */
        PRINT_CHANGED
    }

    private final Kind kind;

    private CursorFault(Kind kind, String detail) {
        super(detail, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /** {@code cursor 'x' is not one this server issued. ...} */
    public static CursorFault notIssued(String value) {
        return notIssued(value, Pager.NEXT_CURSOR);
    }

    /** As above, naming the key the caller's replies carry their cursor under ({@code nextCursor} for resources/list). */
    public static CursorFault notIssued(String value, String cursorKey) {
        return new CursorFault(Kind.NOT_ISSUED, ErrorCatalog.cursorNotIssued(value, cursorKey));
    }

    /** {@code this cursor was not issued by <tool> with these arguments. ...} */
    public static CursorFault foreign(String tool) {
        return new CursorFault(Kind.FOREIGN, ErrorCatalog.cursorForeign(tool));
    }

    /** {@code the print changed on disk since this cursor was issued, so <tool> cannot resume ...} */
    public static CursorFault printChanged(String tool) {
        return new CursorFault(Kind.PRINT_CHANGED, ErrorCatalog.cursorPrintChanged(tool));
    }
}
