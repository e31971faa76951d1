package dev.dbprint.mcp.error;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A JSON-RPC error answered in the response's {@code error} field; the message is the spec's detail string, {@code data}
 * what the error's definition adds, and the HTTP status what a request refused before dispatch is answered with.
 */
public class ProtocolError extends RuntimeException {

    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;
    /** 2026-07-28: an HTTP header disagrees with the body it travels with. */
    public static final int HEADER_MISMATCH = -32020;
    /** 2026-07-28: the request names a protocol revision the server does not speak. */
    public static final int UNSUPPORTED_VERSION = -32022;

    private final int code;
    private final transient JsonNode data;
    private final int httpStatus;

    public ProtocolError(int code, String message) {
        this(code, message, null, 200);
    }

    public ProtocolError(int code, String message, JsonNode data, int httpStatus) {
        super(message);
        this.code = code;
        this.data = data;
        this.httpStatus = httpStatus;
    }

    public int code() {
        return code;
    }

    /** The error's {@code data}, or null when it has none. */
    public JsonNode data() {
        return data;
    }

    public int httpStatus() {
        return httpStatus;
    }

    public static ProtocolError invalidParams(String detail) {
        return new ProtocolError(INVALID_PARAMS, detail);
    }

    public static ProtocolError internal(String detail) {
        return new ProtocolError(INTERNAL_ERROR, detail);
    }
}
