package dev.agentport.validate;

/** The command line cannot be used; the message says what is wrong. */
public final class UsageError extends Exception {

    public UsageError(String message) {
        super(message, null, false, false);
    }
}
