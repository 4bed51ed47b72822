package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A request the face refuses, with the code and message the caller will see. Thrown by parsing and validation, turned
 * into the error envelope in one place ({@link ErrorEnvelope}).
 */
public final class ContractError extends RuntimeException {

    private final ErrorCode code;
    private final transient JsonNode details;

    public ContractError(ErrorCode code, String message) {
        this(code, message, null);
    }

    public ContractError(ErrorCode code, String message, JsonNode details) {
        super(message, null, false, false);
        this.code = code;
        this.details = details;
    }

    public ErrorCode code() {
        return code;
    }

    public JsonNode details() {
        return details;
    }
}
