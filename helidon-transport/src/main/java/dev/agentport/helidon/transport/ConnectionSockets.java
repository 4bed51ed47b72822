package dev.agentport.helidon.transport;

import io.helidon.webserver.WebServerConfig;

/**
 * The socket options of the connections a listener accepts: Helidon's defaults, with Nagle's algorithm off.
 *
 * <p>Helidon 4 turns {@code TCP_NODELAY} off on every accepted socket and writes a streamed answer as many small
 * writes (the headers, one per event, then the terminating chunk), and a buffered answer over 8 KiB in 8 KiB pieces.
 * With Nagle on, every write after the first waits until the client acknowledges the first, and a client on a
 * keep-alive connection delays that acknowledgement (40 ms on Linux): the end of such an answer came about 44 ms late.
 */
public final class ConnectionSockets {

    private ConnectionSockets() {
    }

    public static void apply(WebServerConfig.Builder server) {
        server.connectionOptions(options -> options.tcpNoDelay(true));
    }
}
