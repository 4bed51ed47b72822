package dev.agentport.helidon.transport;

import dev.agentport.base.Deadlines;
import dev.agentport.base.Deadlines.Deadline;

import java.time.Duration;

/**
 * Bounds the time a client takes to send a request body. When it is up, the reading thread is interrupted, which
 * closes the connection's socket (the thread is blocked reading it). The time is kept by the one deadline sweeper
 * ({@link Deadlines}): the interrupt comes at most {@link Deadlines#PERIOD} after the timeout.
 */
final class BodyDeadline implements AutoCloseable {

    private final Deadline alarm;

    private BodyDeadline(Duration timeout) {
        this.alarm = Deadlines.after(timeout, Thread.currentThread()::interrupt);
    }

    /** Starts the clock for the calling thread. */
    static BodyDeadline start(Duration timeout) {
        return new BodyDeadline(timeout);
    }

    boolean expired() {
        return alarm.reached();
    }

    @Override
    public void close() {
        if (!alarm.cancel()) {
            // The alarm rang (or is ringing) after the body was read: wait for it, then clear its interrupt.
            alarm.awaitAction();
            Thread.interrupted();
        }
    }
}
