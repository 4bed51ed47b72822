package dev.agentport.http;

import java.io.IOException;

/**
 * Where an event stream's frames go. The adapter owns it: each {@link #send} puts the frame on the wire (or in the
 * buffer of a buffered platform) and flushes before it returns.
 */
@FunctionalInterface
public interface EventSink {

    /** Writes one complete frame and flushes it. Throws when the client has gone away. */
    void send(byte[] frame) throws IOException;
}
