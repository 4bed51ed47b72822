package dev.agentport.agent;

/** Why a run was cancelled. Each face answers each cause in its own shape. */
public enum CancelCause {

    /** The caller's connection closed before the run ended. */
    CLIENT_LEFT("the client went away"),
    /** The caller asked for the run to stop: an A2A {@code CancelTask}, an MCP {@code notifications/cancelled}. */
    CLIENT_CANCELLED("the client cancelled the run"),
    /** The run passed its deadline: the run timeout, or the platform's own. */
    DEADLINE("the run passed its deadline"),
    /** The server is shutting down and the grace period for running runs ended. */
    SHUTDOWN("the server is shutting down");

    private final String text;

    CancelCause(String text) {
        this.text = text;
    }

    /** A sentence a caller may read. */
    public String text() {
        return text;
    }
}
