package dev.agentport.lambda;

import java.time.Duration;
import java.time.Instant;

/**
 * The deadline a request gets on Lambda: a little before the function's own, so that a run cut short still has time
 * to end its answer properly (504 {@code DEADLINE_EXCEEDED}, or an {@code error} event then {@code [DONE]}) before
 * Lambda stops the invocation.
 */
public final class Deadlines {

    /** Time kept for writing the end of the answer. */
    public static final Duration MARGIN = Duration.ofMillis(500);

    private Deadlines() {
    }

    /** The request's deadline for a function deadline; null stays null (no deadline). */
    public static Instant forRequest(Instant functionDeadline) {
        return functionDeadline == null ? null : functionDeadline.minus(MARGIN);
    }
}
