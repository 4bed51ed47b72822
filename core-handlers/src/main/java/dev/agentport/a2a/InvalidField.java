package dev.agentport.a2a;

/**
 * A field of an A2A request that is missing or of the wrong type; the message names the field, never its value. The
 * JSON-RPC binding answers it as {@code -32602}, the HTTP+JSON binding as 400 {@code INVALID_ARGUMENT}.
 */
public final class InvalidField extends RuntimeException {

    public InvalidField(String message) {
        super(message, null, false, false);
    }
}
