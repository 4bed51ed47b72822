package dev.agentport.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Checks an {@code Authorization} header against the configured token, in constant time. Both sides are hashed
 * first, so the comparison takes the same time whatever the presented token's length.
 */
public final class BearerTokenCheck {

    /** The outcome of a check. */
    public enum Outcome {
        /** Auth is off, or the token matched. */
        ALLOWED,
        /** No {@code Authorization} header, or not the Bearer scheme. */
        MISSING,
        /** A Bearer token that does not match. */
        WRONG
    }

    private static final String PREFIX = "Bearer ";

    private final byte[] expectedDigest;

    /** @param token the expected token; {@code null} or blank disables auth */
    public BearerTokenCheck(String token) {
        this.expectedDigest = token == null || token.isBlank() ? null : sha256(token.strip());
    }

    public boolean enabled() {
        return expectedDigest != null;
    }

    public Outcome check(String authorizationHeader) {
        if (expectedDigest == null) {
            return Outcome.ALLOWED;
        }
        if (authorizationHeader == null || !authorizationHeader.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return Outcome.MISSING;
        }
        String presented = authorizationHeader.substring(PREFIX.length()).strip();
        if (presented.isEmpty()) {
            return Outcome.MISSING;
        }
        return MessageDigest.isEqual(expectedDigest, sha256(presented)) ? Outcome.ALLOWED : Outcome.WRONG;
    }

    private static byte[] sha256(String value) {
        try {
            return ((MessageDigest) Sha256.PROTOTYPE.clone()).digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("SHA-256 digests of this JVM cannot be cloned", e);
        }
    }

    /**
     * Looked up once, when the first token is hashed; each check uses a clone, which is cheaper than a provider lookup
     * per request. A holder of its own: with auth off, start-up never sets up the JVM's security providers for it.
     */
    private static final class Sha256 {
        static final MessageDigest PROTOTYPE = prototype();

        private static MessageDigest prototype() {
            try {
                return MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is missing from this JVM", e);
            }
        }
    }

    @Override
    public String toString() {
        return enabled() ? "BearerTokenCheck[enabled]" : "BearerTokenCheck[disabled]";
    }
}
