package dev.agentport.agent;

/**
 * An error whose message is safe to show to the caller. Any other exception from agent code is reported with a
 * generic message (and logged in full), so that what a library puts in its messages never reaches the wire.
 */
public class AgentException extends Exception {
    public AgentException(String message) {
        super(message);
    }

    public AgentException(String message, Throwable cause) {
        super(message, cause);
    }
}
