package dev.agentport.helidon;

/** The server could not start listening; the message names the port and is fit to show as it is. */
public final class ServerStartException extends RuntimeException {

    public ServerStartException(String message) {
        super(message);
    }
}
