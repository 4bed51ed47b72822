package dev.agentport.runtime;

/**
 * What every face tells a caller when the state store failed ({@link dev.agentport.store.StoreUnavailableException}):
 * one fixed message, never the backend's own, and how long to wait before trying again.
 */
public final class StoreOutage {

    /** The message every face sends, whatever the backend said. */
    public static final String MESSAGE = "the state store is unavailable; try again in a few seconds";

    /** Seconds a 503 for a store outage tells the caller to wait. */
    public static final String RETRY_AFTER_SECONDS = "3";

    private StoreOutage() {
    }
}
