package dev.agentport.task;

import dev.agentport.runtime.Settings;
import dev.agentport.store.StoreUnavailableException;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The lease by which the instance running a task holds it, the one rule for a task whose instance died, for the tasks
 * of every face (A2A's through {@link TaskLeases}, MCP's through its task book). The instance stores the task running
 * with a lease that expires {@link #term()} later, and renews it every {@link #renewEvery()} (a third of the term, so
 * two renewals in a row may fail before the lease lapses). A reader, on any instance, that finds a running task whose
 * lease has lapsed stores it failed with {@link #STOPPED}, against the version it read: such a task reads as failed at
 * most one term after its instance died. A task this instance holds never lapses here, and a task stored without a
 * lease (by a release that kept none) never lapses.
 */
public final class Leases {

    /** The setting that shortens or lengthens the term, in seconds. */
    public static final String VARIABLE = "AGENT_TASK_LEASE_SECONDS";
    public static final Duration DEFAULT_TERM = Duration.ofSeconds(30);
    private static final int MIN_SECONDS = 3;
    private static final int MAX_SECONDS = 3600;

    /** The status message of a task failed because its lease lapsed. */
    public static final String STOPPED = "the instance running this task stopped before the task ended";

    /** Rewrites a running task with a new expiry ({@link #expiry()}); nothing once the task no longer runs. */
    @FunctionalInterface
    public interface Renewal {
        void renew(String taskId);
    }

    private final Clock clock;
    private final Duration term;
    private final Set<String> held = ConcurrentHashMap.newKeySet();

    public Leases(Clock clock, Duration term) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.term = Objects.requireNonNull(term, "term");
    }

    /** The term {@value #VARIABLE} sets (3 to 3600 seconds), else {@link #DEFAULT_TERM}. */
    public static Duration term(Settings settings) {
        String value = settings.get(VARIABLE);
        if (value == null || value.isBlank()) {
            return DEFAULT_TERM;
        }
        int seconds;
        try {
            seconds = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(VARIABLE + " must be a whole number of seconds");
        }
        if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
            throw new IllegalArgumentException(VARIABLE + " must be between " + MIN_SECONDS + " and " + MAX_SECONDS);
        }
        return Duration.ofSeconds(seconds);
    }

    public Duration term() {
        return term;
    }

    public Duration renewEvery() {
        return term.dividedBy(3);
    }

    /** The expiry of a lease taken now: what the write that stores a task as running here carries. */
    public Instant expiry() {
        return clock.instant().plus(term);
    }

    public Clock clock() {
        return clock;
    }

    /** Holds the task while this instance runs it, until {@link Held#close()}; {@code renewal} renews it when due. */
    public Held hold(String taskId, Renewal renewal) {
        held.add(taskId);
        return new Held(taskId, renewal);
    }

    /** Whether this instance runs the task. */
    public boolean holds(String taskId) {
        return held.contains(taskId);
    }

    /**
     * Whether a running task stored with the lease {@code expiry} has lapsed: never one held here, nor one stored
     * without a lease.
     */
    public boolean lapsed(String taskId, Instant expiry) {
        return expiry != null && !clock.instant().isBefore(expiry) && !held.contains(taskId);
    }

    /** A task this instance runs: renewed when due, released when its run ends. */
    public final class Held implements AutoCloseable {

        private final String taskId;
        private final Renewal renewal;
        private Instant renewed;

        private Held(String taskId, Renewal renewal) {
            this.taskId = taskId;
            this.renewal = renewal;
            this.renewed = clock.instant();
        }

        /**
         * Renews the lease when a renewal period has passed since the last; a store that fails is tried again at the
         * next call.
         */
        public void renewIfDue() {
            Instant now = clock.instant();
            if (now.isBefore(renewed.plus(renewEvery()))) {
                return;
            }
            try {
                renewal.renew(taskId);
                renewed = now;
            } catch (StoreUnavailableException e) {
                // the next call tries again; the lease lapses only after two periods more
            }
        }

        @Override
        public void close() {
            held.remove(taskId);
        }
    }
}
