package dev.agentport.agent;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/** A run's cancellation signal: set when the client disconnects, the deadline passes or the server shuts down. */
public final class Cancellation {

    private final AtomicReference<String> reason = new AtomicReference<>();
    private final Instant deadline;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    public Cancellation(Instant deadline) {
        this.deadline = deadline;
    }

    public static Cancellation none() {
        return new Cancellation(null);
    }

    /** Cancels with a reason; the first reason wins, later calls do nothing. */
    public void cancel(String why) {
        if (reason.compareAndSet(null, why)) {
            listeners.forEach(Runnable::run);
        }
    }

    /** Runs {@code listener} once this is cancelled (at once when it already is). Listeners must not block. */
    public void onCancel(Runnable listener) {
        java.util.concurrent.atomic.AtomicBoolean ran = new java.util.concurrent.atomic.AtomicBoolean();
        Runnable once = () -> {
            if (ran.compareAndSet(false, true)) {
                listener.run();
            }
        };
        listeners.add(once);
        if (reason.get() != null) {
            once.run();
        }
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
