package dev.agentport.agentcore;

/** A request to {@code /invocations} that cannot be run as sent: answered 400. The message never quotes a value. */
final class BadInvocation extends RuntimeException {

    BadInvocation(String message) {
        super(message, null, false, false);
    }
}
