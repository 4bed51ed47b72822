package dev.agentport.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One timer thread for the deadlines of every run that goes on its caller's thread: a run costs a timer entry, not a
 * thread of its own. An entry is removed as soon as its run ends, so finished runs leave nothing behind.
 */
final class RunDeadlines {

    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private RunDeadlines() {
    }

    /** Runs {@code action} at {@code deadline} (at once when it has passed) unless the returned entry is cancelled. */
    static ScheduledFuture<?> at(Instant deadline, Runnable action) {
        long nanos = Math.max(0, Duration.between(Instant.now(), deadline).toNanos());
        return TIMER.schedule(action, nanos, TimeUnit.NANOSECONDS);
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, action -> {
            Thread thread = new Thread(action, "agentport-run-deadlines");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }
}
