package dev.agentport.store;

import java.time.Instant;

/** An instant as one long, for the in-memory stores' expiry checks: fewer objects kept than an {@link Instant}. */
public final class EpochNanos {

    private EpochNanos() {
    }

    /** Nanoseconds since the epoch; instants beyond a long's range (past year 2262, or as far before 1970) clamp. */
    public static long of(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds >= Long.MAX_VALUE / 1_000_000_000L) {
            return Long.MAX_VALUE;
        }
        if (seconds <= Long.MIN_VALUE / 1_000_000_000L) {
            return Long.MIN_VALUE;
        }
        return seconds * 1_000_000_000L + instant.getNano();
    }
}
