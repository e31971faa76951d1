package dev.dbprint.mcp.error;

/** A JSON-RPC error answered in the response's {@code error} field; the message is the spec's detail string. */
public class ProtocolError extends RuntimeException {

    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;

    private final int code;

    public ProtocolError(int code, String message) {
        super(message);
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static ProtocolError invalidParams(String detail) {
        return new ProtocolError(INVALID_PARAMS, detail);
    }

    public static ProtocolError internal(String detail) {
        return new ProtocolError(INTERNAL_ERROR, detail);
    }
}
