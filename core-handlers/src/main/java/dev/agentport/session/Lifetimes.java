package dev.agentport.session;

import java.time.Clock;
import java.time.Duration;

/**
 * The in-memory stores' times for their expiry checks, as nanoseconds since the epoch in a long, to the millisecond.
 * {@link Clock#millis()} is a plain read of the system clock, where {@link Clock#instant()} makes an {@code Instant}
 * through a native call; a store reads it on every request, before taking its lock. A time to live of seconds to days
 * loses nothing to the millisecond.
 */
final class Lifetimes {

    private Lifetimes() {
    }

    /** The clock's time, to the millisecond. */
    static long now(Clock clock) {
        return clock.millis() * 1_000_000L;
    }

    /** {@code ttl} in nanoseconds, clamped to a long's range. */
    static long nanos(Duration ttl) {
        try {
            return ttl.toNanos();
        } catch (ArithmeticException e) {
            return ttl.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    /** {@code ttlNanos} after {@code now}, clamped to a long's range (as {@code store.EpochNanos} clamps). */
    static long endOfLife(long now, long ttlNanos) {
        long end = now + ttlNanos;
        if (ttlNanos > 0 && end < now) {
            return Long.MAX_VALUE;
        }
        return ttlNanos < 0 && end > now ? Long.MIN_VALUE : end;
    }
}
