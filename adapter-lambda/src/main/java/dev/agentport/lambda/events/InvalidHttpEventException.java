package dev.agentport.lambda.events;

/**
 * The event is an HTTP event, but a part the request needs is missing or broken (no method, a path that is not a
 * path, a body that is not base64). The caller gets a 400 in the event's own payload format.
 */
public final class InvalidHttpEventException extends IllegalArgumentException {

    private final PayloadFormat format;

    public InvalidHttpEventException(PayloadFormat format, String message) {
        super(message);
        this.format = format;
    }

    /** The format the 400 response is written in. */
    public PayloadFormat format() {
        return format;
    }
}
