package dev.dbprint.mcp.config;

import dev.dbprint.mcp.error.DetailedFault;

/** A {@code connection} argument or URI authority that names no served connection (spec §5.2); the detail is the wire text. */
public class ConnectionFault extends RuntimeException implements DetailedFault {

    public ConnectionFault(String detail) {
        super(detail);
    }
}
