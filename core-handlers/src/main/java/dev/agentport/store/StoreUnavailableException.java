package dev.agentport.store;

/**
 * The state store could not be read or written: its backend is unreachable, timed out or refused. A write that throws
 * this did not happen (or happened entirely, for a conditional write the caller reads back); it is never reported as
 * a success. Faces answer 503 in their own shape. The message names the store, never a password or stored data.
 */
public class StoreUnavailableException extends RuntimeException {

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }

    public StoreUnavailableException(String message) {
        super(message);
    }
}
