package dev.agentport.runtime;

/** A run did not finish before its deadline and was cancelled. */
public final class RunTimeoutException extends RuntimeException {
    public RunTimeoutException(String message) {
        super(message, null, false, false);
    }
}
