package dev.agentport.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A run's cancellation signal, with its typed {@link CancelCause}: set when the client goes away or cancels, the
 * deadline passes or the server shuts down. The first cause wins.
 */
public final class Cancellation {

    private record Cancelled(CancelCause cause, String detail) {
    }

    private final AtomicReference<Cancelled> cancelled = new AtomicReference<>();
    /**
     * The deadline on {@link System#nanoTime()}'s scale: checked at every event a run emits, where reading the wall
     * clock ({@link Instant#now()}) costs several times more.
     */
    private final long deadlineNanos;
    private final boolean hasDeadline;
    /** What {@link #onCancel} added before the cancel, made with the first; guarded by {@code this}. */
    private List<Runnable> listeners;

    public Cancellation(Instant deadline) {
        this(deadline != null, deadline != null ? System.nanoTime() + nanosUntil(deadline) : 0);
    }

    private Cancellation(boolean hasDeadline, long deadlineNanos) {
        this.hasDeadline = hasDeadline;
        this.deadlineNanos = deadlineNanos;
    }

    /**
     * A cancellation whose deadline is given on {@link System#nanoTime()}'s scale: for the run engine, which has read
     * the clocks for the run's deadline already.
     */
    public static Cancellation atNanoTime(long deadlineNanoTime) {
        return new Cancellation(true, deadlineNanoTime);
    }

    private static long nanosUntil(Instant deadline) {
        try {
            return Duration.between(Instant.now(), deadline).toNanos();
        } catch (ArithmeticException beyondNanos) {
            return deadline.isAfter(Instant.now()) ? Long.MAX_VALUE / 2 : Long.MIN_VALUE / 2;
        }
    }

    public static Cancellation none() {
        return new Cancellation(false, 0);
    }

    /** Cancels for {@code cause}; the first cancellation wins, later calls do nothing. */
    public void cancel(CancelCause cause) {
        cancel(cause, null);
    }

    /** Cancels for {@code cause}, with a detail for the caller (a client's own reason); the first one wins. */
    public void cancel(CancelCause cause, String detail) {
        if (!cancelled.compareAndSet(null, new Cancelled(cause, detail))) {
            return;
        }
        List<Runnable> toRun;
        synchronized (this) {
            // No listener is added from now on (onCancel sees the cause and runs its own): these run once each.
            toRun = listeners;
            listeners = null;
        }
        if (toRun != null) {
            toRun.forEach(Runnable::run);
        }
    }

    /** Runs {@code listener} once this is cancelled (at once when it already is). Listeners must not block. */
    public void onCancel(Runnable listener) {
        synchronized (this) {
            if (cancelled.get() == null) {
                if (listeners == null) {
                    listeners = new ArrayList<>(2);
                }
                listeners.add(listener);
                return;
            }
        }
        listener.run();
    }

    public boolean isCancelled() {
        if (cancelled.get() != null) {
            return true;
        }
        if (hasDeadline && System.nanoTime() - deadlineNanos > 0) {
            cancel(CancelCause.DEADLINE);
            return true;
        }
        return false;
    }

    /** Why the run was cancelled, or {@code null} while it was not. */
    public CancelCause cause() {
        isCancelled();
        Cancelled now = cancelled.get();
        return now == null ? null : now.cause();
    }

    /** Why the run was cancelled, as a sentence, or {@code null}. */
    public String reason() {
        isCancelled();
        Cancelled now = cancelled.get();
        if (now == null) {
            return null;
        }
        return now.detail() == null ? now.cause().text() : now.cause().text() + ": " + now.detail();
    }

    /** Throws {@link RunCancelledException} when cancelled. */
    public void check() {
        if (isCancelled()) {
            throw new RunCancelledException(cause(), reason());
        }
    }

    /**
     * As {@link #check()}, without reading the clock: throws once a cause is set. For a face's emitter, which checks at
     * every event of a run the engine carries out: the engine sets {@link CancelCause#DEADLINE} itself at the deadline
     * (a few milliseconds late at most) and checks the deadline against the clock when the agent returns. A
     * cancellation used on its own has no one to set it: use {@link #check()} there.
     */
    public void checkSignalled() {
        if (cancelled.get() != null) {
            throw new RunCancelledException(cause(), reason());
        }
    }
}
