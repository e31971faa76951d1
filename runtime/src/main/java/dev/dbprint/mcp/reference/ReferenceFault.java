package dev.dbprint.mcp.reference;

import dev.dbprint.mcp.error.DetailedFault;

/** A reference document that cannot be read: a packaged copy missing from the jar, or an operator's file unreadable. */
public final class ReferenceFault extends RuntimeException implements DetailedFault {

    private static final long serialVersionUID = 1L;

    public ReferenceFault(String detail, Throwable cause) {
        super(detail, cause);
    }
}
