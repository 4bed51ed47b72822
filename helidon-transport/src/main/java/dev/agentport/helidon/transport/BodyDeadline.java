package dev.agentport.helidon.transport;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bounds the time a client takes to send a request body. When it is up, the reading thread is interrupted, which
 * closes the connection's socket (the thread is blocked reading it).
 */
final class BodyDeadline implements AutoCloseable {

    private final Thread reader = Thread.currentThread();
    private final AtomicBoolean expired = new AtomicBoolean();
    private final ScheduledFuture<?> alarm;

    private BodyDeadline(Duration timeout, ScheduledExecutorService timer) {
        this.alarm = timer.schedule(() -> {
            expired.set(true);
            reader.interrupt();
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Starts the clock for the calling thread. */
    static BodyDeadline start(Duration timeout, ScheduledExecutorService timer) {
        return new BodyDeadline(timeout, timer);
    }

    boolean expired() {
        return expired.get();
    }

    @Override
    public void close() {
        if (!alarm.cancel(false)) {
            // The alarm rang (or is ringing) after the body was read: wait for it, then clear its interrupt.
            while (!alarm.isDone()) {
                Thread.onSpinWait();
            }
            Thread.interrupted();
        }
    }
}
