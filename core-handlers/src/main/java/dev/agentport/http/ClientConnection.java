package dev.agentport.http;

/**
 * The client's side of the connection, as far as the adapter can tell: a run listens here so that a client that hangs
 * up cancels it. Adapters that cannot tell use {@link #UNKNOWN}, which never reports a close.
 */
@FunctionalInterface
public interface ClientConnection {

    ClientConnection UNKNOWN = listener -> { };

    /** Runs {@code listener} once the client has gone away (at once when it already has). Must not block. */
    void onClose(Runnable listener);
}
