package dev.dbprint.mcp.error;

/**
 * Marks an exception whose message is already a spec detail string (a print error, a cursor fault), so the invoker
 * answers it as {@code isError} text rather than as an internal error.
 */
public interface DetailedFault {
}
