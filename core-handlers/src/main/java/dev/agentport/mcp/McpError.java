package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A JSON-RPC error to answer with: its code, a message for the caller, optional data, and the HTTP status it goes out
 * with (200 for errors of a method, 4xx for errors of the request as a whole).
 */
public final class McpError extends RuntimeException {

    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;
    /** The session named by {@code Mcp-Session-Id} is unknown or ended. */
    public static final int SESSION_NOT_FOUND = -32001;
    /** 2026-07-28: a header disagrees with the body, or a required header is missing. */
    public static final int HEADER_MISMATCH = -32020;
    /** 2026-07-28: the server needs a client capability the request did not declare. */
    public static final int MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
    /** 2026-07-28: the request's protocol version is not one this server speaks. */
    public static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

    private final int code;
    private final transient JsonNode data;
    private final int httpStatus;

    public McpError(int code, String message) {
        this(code, message, null, 200);
    }

    public McpError(int code, String message, JsonNode data, int httpStatus) {
        super(message, null, false, false);
        this.code = code;
        this.data = data;
        this.httpStatus = httpStatus;
    }

    public static McpError invalidParams(String message) {
        return new McpError(INVALID_PARAMS, message);
    }

    /** An error of the request as a whole, answered with {@code httpStatus}. */
    public static McpError ofRequest(int httpStatus, int code, String message) {
        return new McpError(code, message, null, httpStatus);
    }

    public int code() {
        return code;
    }

    public JsonNode data() {
        return data;
    }

    public int httpStatus() {
        return httpStatus;
    }
}
