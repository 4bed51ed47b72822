package dev.agentport.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
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
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    public Cancellation(Instant deadline) {
        this.hasDeadline = deadline != null;
        this.deadlineNanos = hasDeadline ? System.nanoTime() + nanosUntil(deadline) : 0;
    }

    private static long nanosUntil(Instant deadline) {
        try {
            return Duration.between(Instant.now(), deadline).toNanos();
        } catch (ArithmeticException beyondNanos) {
            return deadline.isAfter(Instant.now()) ? Long.MAX_VALUE / 2 : Long.MIN_VALUE / 2;
        }
    }

    public static Cancellation none() {
        return new Cancellation(null);
    }

    /** Cancels for {@code cause}; the first cancellation wins, later calls do nothing. */
    public void cancel(CancelCause cause) {
        cancel(cause, null);
    }

    /** Cancels for {@code cause}, with a detail for the caller (a client's own reason); the first one wins. */
    public void cancel(CancelCause cause, String detail) {
        if (cancelled.compareAndSet(null, new Cancelled(cause, detail))) {
            listeners.forEach(Runnable::run);
        }
    }

    /** Runs {@code listener} once this is cancelled (at once when it already is). Listeners must not block. */
    public void onCancel(Runnable listener) {
        AtomicBoolean ran = new AtomicBoolean();
        Runnable once = () -> {
            if (ran.compareAndSet(false, true)) {
                listener.run();
            }
        };
        listeners.add(once);
        if (cancelled.get() != null) {
            once.run();
        }
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
}
