package dev.agentport.parity.fuzz;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Set;

/**
 * What sits in front of the function on a target and may refuse a request the HTTP layer cannot take before any face
 * sees it (README, "Serverless: what the platform decides").
 */
public enum PlatformFront {
    /** The Helidon server: its own refusals are in the contract's shape. */
    NONE,
    /** lambda-local's front, as API Gateway: {"message":"..."} in JSON. */
    LAMBDA,
    /** The Functions Framework invoker's Jetty: its own bare answers, which the function cannot change. */
    GCF_JETTY;

    private static final Set<Integer> JETTY_REFUSALS = Set.of(400, 413, 414, 417, 426, 431, 505);

    /**
     * Whether {@code answer} is this front's own refusal of a request that broke HTTP itself. Only Jetty's may be a
     * 505 (an HTTP version it does not speak), which the function cannot change.
     */
    boolean refused(RawAnswer answer, JsonNode json) {
        return switch (this) {
            case NONE -> false;
            case LAMBDA -> answer.status() < 500 && json != null && json.size() == 1
                    && json.path("message").isTextual();
            case GCF_JETTY -> JETTY_REFUSALS.contains(answer.status()) && json == null;
        };
    }
}
