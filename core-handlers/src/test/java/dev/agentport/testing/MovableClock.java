package dev.agentport.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** A clock the tests move: time passes for the store without the test waiting. */
public final class MovableClock extends Clock {

    private volatile Instant now;

    /** From the current second. */
    public MovableClock() {
        this(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    }

    public MovableClock(Instant start) {
        this.now = start;
    }

    public void pass(Duration time) {
        now = now.plus(time);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now;
    }
}
