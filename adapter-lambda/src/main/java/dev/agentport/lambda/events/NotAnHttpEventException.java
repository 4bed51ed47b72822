package dev.agentport.lambda.events;

/**
 * The event is not an HTTP event (not JSON, or JSON from another event source such as S3 or SQS). There is no HTTP
 * caller to answer, so the invocation fails with this message.
 */
public final class NotAnHttpEventException extends IllegalArgumentException {

    public NotAnHttpEventException(String message) {
        super(message);
    }
}
