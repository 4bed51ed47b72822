package dev.agentport.agent;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

/** A run's cancellation signal: set when the client disconnects or the deadline passes. */
public final class Cancellation {

    private final AtomicReference<String> reason = new AtomicReference<>();
    private final Instant deadline;

    public Cancellation(Instant deadline) {
        this.deadline = deadline;
    }

    public static Cancellation none() {
        return new Cancellation(null);
    }

    public void cancel(String why) {
        reason.compareAndSet(null, why);
    }

    public boolean isCancelled() {
        if (reason.get() != null) {
            return true;
        }
        if (deadline != null && Instant.now().isAfter(deadline)) {
            cancel("the run passed its deadline");
            return true;
        }
        return false;
    }

    /** Why the run was cancelled, or {@code null}. */
    public String reason() {
        isCancelled();
        return reason.get();
    }

    /** Throws {@link RunCancelledException} when cancelled. */
    public void check() {
        if (isCancelled()) {
            throw new RunCancelledException(reason.get());
        }
    }
}
