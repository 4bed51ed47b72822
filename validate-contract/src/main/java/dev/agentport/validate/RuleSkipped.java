package dev.agentport.validate;

/**
 * Thrown by a rule's check when the rule cannot be checked against this server from outside (the server does not
 * serve the optional part, no token was given, ...); the message says why.
 */
public final class RuleSkipped extends RuntimeException {

    public RuleSkipped(String reason) {
        super(reason, null, false, false);
    }
}
