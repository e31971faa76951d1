package dev.dbprint.mcp.error;

/**
 * A failure whose message is already a spec detail string (an unknown connection, a bad argument, a print error, a
 * cursor fault): a tool answers it as its {@code isError} text, a resource method as the detail of its JSON-RPC error,
 * rather than as an internal error. Subclasses exist only where the catcher needs more than the text to choose the
 * channel, and one beneath them: the store's failed read ({@code print.store.FailedRead}) extends {@link PrintError} to
 * carry, inside its package, the identity the file was read at; it says on the wire what a plain PrintError says.
 */
public class DetailedFault extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public DetailedFault(String detail) {
        super(detail);
    }

    public DetailedFault(String detail, Throwable cause) {
        super(detail, cause);
    }

    /** For a fault raised often enough on a hot path that a stack trace is not worth its cost. */
    protected DetailedFault(String detail, boolean writableStackTrace) {
        super(detail, null, false, writableStackTrace);
    }
}
