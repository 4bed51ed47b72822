package dev.agentport.task;

import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.RunOutcomes;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.runtime.Settings;
import dev.agentport.store.StoreUnavailableException;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The lease by which the instance running a task holds it, the one rule for a task whose instance died. The instance
 * stores the task {@code working} with a lease of {@link #term()} and renews it every {@link #renewEvery()} (a third
 * of the term, so two renewals in a row may fail before the lease lapses). A reader, on any instance, that finds a
 * running task ({@code submitted} or {@code working}) whose lease has lapsed stores it {@code failed} with
 * {@link #STOPPED}, against the version it read, and answers that: such a task reads as failed at most one term after
 * its instance died. A task this instance holds is never failed by it, and a task stored without a lease (by a
 * release that kept none) never lapses.
 */
public final class TaskLeases {

    /** The setting that shortens or lengthens the term, in seconds. */
    public static final String VARIABLE = "AGENT_TASK_LEASE_SECONDS";
    public static final Duration DEFAULT_TERM = Duration.ofSeconds(30);
    private static final int MIN_SECONDS = 3;
    private static final int MAX_SECONDS = 3600;

    /** The status message of a task failed because its lease lapsed. */
    public static final String STOPPED = "the instance running this task stopped before the task ended";

    private final TaskStore tasks;
    private final Clock clock;
    private final Duration term;
    private final Set<String> held = ConcurrentHashMap.newKeySet();

    public TaskLeases(TaskStore tasks, Clock clock, Duration term) {
        this.tasks = Objects.requireNonNull(tasks, "tasks");
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

    /** Holds the task while this instance runs it, until {@link Held#close()}. */
    public Held hold(String taskId) {
        held.add(taskId);
        return new Held(taskId);
    }

    /**
     * Rewrites the running task with a new expiry against the version read, reading again after a conflicting write.
     * Returns false, writing nothing, once the task is no longer running (ended, waiting for input, or gone).
     */
    public boolean renew(String taskId) {
        while (true) {
            Optional<StoredTask> stored = tasks.get(taskId);
            if (stored.isEmpty() || !running(stored.get().task())) {
                return false;
            }
            if (tasks.put(stored.get().task(), stored.get().version(), expiry())) {
                return true;
            }
        }
    }

    /** The task as a reader must see it: failed, and stored so, when its lease lapsed. */
    public Optional<StoredTask> get(String taskId) {
        return tasks.get(taskId).flatMap(this::settle);
    }

    /** A page in which no running task's lease has lapsed: such tasks are stored failed, and the page listed again. */
    public TaskPage list(TaskQuery query) {
        TaskPage page = tasks.list(query);
        boolean settled = false;
        for (A2aTask task : page.tasks()) {
            if (running(task) && !held.contains(task.id())) {
                Optional<StoredTask> stored = tasks.get(task.id());
                if (stored.isPresent() && lapsed(stored.get())) {
                    settle(stored.get());
                    settled = true;
                }
            }
        }
        return settled ? tasks.list(query) : page;
    }

    private Optional<StoredTask> settle(StoredTask stored) {
        StoredTask current = stored;
        while (lapsed(current)) {
            A2aTask task = current.task();
            TaskStatus reason = RunOutcomes.failed(task.id(), task.contextId(), STOPPED);
            A2aTask failed = task.withStatus(new TaskStatus(TaskState.FAILED, reason.message(), clock.instant()));
            if (tasks.put(failed, current.version())) {
                return Optional.of(new StoredTask(failed, current.version() + 1));
            }
            Optional<StoredTask> again = tasks.get(task.id());
            if (again.isEmpty()) {
                return again;
            }
            current = again.get();
        }
        return Optional.of(current);
    }

    private boolean lapsed(StoredTask stored) {
        return running(stored.task()) && stored.leaseExpiry() != null
                && !clock.instant().isBefore(stored.leaseExpiry()) && !held.contains(stored.task().id());
    }

    private static boolean running(A2aTask task) {
        TaskState state = task.status().state();
        return state == TaskState.WORKING || state == TaskState.SUBMITTED;
    }

    /** A task this instance runs: renewed when due, released when its run ends. */
    public final class Held implements AutoCloseable {

        private final String taskId;
        private Instant renewed;

        private Held(String taskId) {
            this.taskId = taskId;
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
                renew(taskId);
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
