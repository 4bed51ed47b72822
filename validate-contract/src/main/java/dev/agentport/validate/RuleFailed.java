package dev.agentport.validate;

/** Thrown by a rule's check when the server breaks the rule; the message is the reason shown to the user. */
public final class RuleFailed extends RuntimeException {

    public RuleFailed(String reason) {
        super(reason, null, false, false);
    }
}
