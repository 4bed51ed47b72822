package dev.agentport.runtime;

import dev.agentport.agent.CancelCause;
import dev.agentport.agent.Cancellation;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The runs in progress on this instance, each with its cancellation. Shutdown waits for it to empty and cancels what
 * is left when the grace period ends; a face cancels one run by its id. A run's end only removes it: the drain looks
 * for an empty registry every {@link #IDLE_CHECK_PERIOD}, so the many runs that end while nobody waits wake nobody.
 */
final class RunRegistry {

    /** A run's place in the registry; closing it removes the run. */
    interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** How often {@link #awaitIdle} looks whether the last run has ended: the most the drain waits too long. */
    static final Duration IDLE_CHECK_PERIOD = Duration.ofMillis(10);

    /** A run's key: its id (null for none) and a number that tells apart registrations of one id. */
    private record Key(String runId, long n) {
    }

    private final Map<Key, Cancellation> running = new ConcurrentHashMap<>();
    /** Work that outlives its run (a task's end being stored): the drain waits for it, but it is no run. */
    private final AtomicInteger held = new AtomicInteger();
    /** Tells apart registrations of one run id; a counter, not a random UUID, on every run's path. */
    private final AtomicLong registrations = new AtomicLong();

    /** Adds a run under {@code runId} (a fresh id when {@code null}); close the registration when the run has ended. */
    Registration register(String runId, Cancellation cancellation) {
        Key key = new Key(runId, registrations.incrementAndGet());
        running.put(key, cancellation);
        return () -> running.remove(key);
    }

    /** Holds {@link #awaitIdle} until the returned registration is closed, without counting as a run. */
    Registration hold() {
        held.incrementAndGet();
        AtomicBoolean closed = new AtomicBoolean();
        return () -> {
            if (closed.compareAndSet(false, true)) {
                held.decrementAndGet();
            }
        };
    }

    /** How many runs are in progress. */
    int size() {
        return running.size();
    }

    /** Cancels every run registered under {@code runId}; false when there is none. */
    boolean cancel(String runId, CancelCause cause, String detail) {
        boolean found = false;
        for (Map.Entry<Key, Cancellation> entry : running.entrySet()) {
            if (entry.getKey().runId() != null && entry.getKey().runId().equals(runId)) {
                entry.getValue().cancel(cause, detail);
                found = true;
            }
        }
        return found;
    }

    /** Cancels every run in progress. */
    void cancelAll(CancelCause cause) {
        running.values().forEach(cancellation -> cancellation.cancel(cause));
    }

    /** Waits until no run is in progress and nothing is held, or {@code timeout} has passed; true when none is left. */
    boolean awaitIdle(Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (!running.isEmpty() || held.get() > 0) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            Thread.sleep(Duration.ofNanos(Math.min(left, IDLE_CHECK_PERIOD.toNanos())));
        }
        return true;
    }
}
