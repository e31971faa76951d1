package dev.dbprint.mcp.tool;

import dev.dbprint.mcp.error.DetailedFault;

/** A tool-level failure: answered as a successful call with {@code isError: true} and this detail as its text (spec §8.2). */
public class ToolFault extends RuntimeException implements DetailedFault {

    public ToolFault(String detail) {
        super(detail);
    }
}
