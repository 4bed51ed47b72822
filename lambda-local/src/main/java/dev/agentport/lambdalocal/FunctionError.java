package dev.agentport.lambdalocal;

import java.util.Objects;

/**
 * Why an invocation failed, in Lambda's words: an error type such as {@code Runtime.ExitError} or
 * {@code java.lang.IllegalStateException}, and a message.
 */
public record FunctionError(String errorType, String errorMessage) {

    public FunctionError {
        errorType = errorType == null || errorType.isBlank() ? "Unhandled" : errorType;
        errorMessage = Objects.requireNonNullElse(errorMessage, "");
    }
}
