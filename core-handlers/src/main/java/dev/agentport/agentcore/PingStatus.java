package dev.agentport.agentcore;

import java.time.Clock;

/**
 * The status {@code /ping} last reported and since when, in Unix seconds: {@code time_of_last_update} moves only when
 * the status changes, as the platform's idle reaper reads it. It starts as {@code Healthy} when the face is mounted.
 */
final class PingStatus {

    static final String HEALTHY = "Healthy";
    static final String BUSY = "HealthyBusy";
    /** Not one of the contract's values: sent with 503 while the agent is loading, failed or the server draining. */
    static final String UNHEALTHY = "Unhealthy";

    private final Clock clock;
    private String status = HEALTHY;
    private long since;

    PingStatus(Clock clock) {
        this.clock = clock;
        this.since = clock.instant().getEpochSecond();
    }

    /** Records {@code now} as the status; returns the time of the last change, this one if it is one. */
    synchronized long observe(String now) {
        if (!now.equals(status)) {
            status = now;
            since = clock.instant().getEpochSecond();
        }
        return since;
    }
}
