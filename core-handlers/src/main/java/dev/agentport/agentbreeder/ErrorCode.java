package dev.agentport.agentbreeder;

/** Every error the AgentBreeder face answers with: the envelope's {@code error.code} and the HTTP status it goes with. */
public enum ErrorCode {
    MALFORMED_REQUEST(400, "Bad Request"),
    INVALID_JSON(400, "Bad Request"),
    INVALID_INPUT(400, "Bad Request"),
    UNSUPPORTED_MEDIA_TYPE(400, "Bad Request"),
    UNSUPPORTED_CONTRACT_VERSION(400, "Bad Request"),
    UNAUTHORIZED(401, "Unauthorized"),
    FORBIDDEN(403, "Forbidden"),
    NOT_FOUND(404, "Not Found"),
    THREAD_NOT_FOUND(404, "Not Found"),
    METHOD_NOT_ALLOWED(405, "Method Not Allowed"),
    PAYLOAD_TOO_LARGE(413, "Payload Too Large"),
    VALIDATION_FAILED(422, "Unprocessable Content"),
    INTERNAL_ERROR(500, "Internal Server Error"),
    NOT_IMPLEMENTED(501, "Not Implemented"),
    AGENT_NOT_LOADED(503, "Service Unavailable"),
    SHUTTING_DOWN(503, "Service Unavailable"),
    SERVICE_UNAVAILABLE(503, "Service Unavailable"),
    DEADLINE_EXCEEDED(504, "Gateway Timeout");

    private final int status;
    private final String reason;

    ErrorCode(int status, String reason) {
        this.status = status;
        this.reason = reason;
    }

    public int status() {
        return status;
    }

    public String reason() {
        return reason;
    }
}
