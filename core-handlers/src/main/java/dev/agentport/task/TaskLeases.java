package dev.agentport.task;

import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.RunOutcomes;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.runtime.Settings;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link Leases} on A2A tasks: the lease's expiry is stored with the task ({@link StoredTask#leaseExpiry()}), and a
 * task counts as running while {@code submitted} or {@code working}. A reader that finds a running task whose lease
 * has lapsed stores it {@code failed} with {@link #STOPPED} and answers that.
 */
public final class TaskLeases {

    /** The setting that shortens or lengthens the term, in seconds: {@link Leases#VARIABLE}. */
    public static final String VARIABLE = Leases.VARIABLE;
    public static final Duration DEFAULT_TERM = Leases.DEFAULT_TERM;

    /** The status message of a task failed because its lease lapsed. */
    public static final String STOPPED = Leases.STOPPED;

    private final TaskStore tasks;
    private final Leases leases;
    private final Clock clock;

    public TaskLeases(TaskStore tasks, Clock clock, Duration term) {
        this(tasks, new Leases(clock, term));
    }

    /** On the leases the server's faces share. */
    public TaskLeases(TaskStore tasks, Leases leases) {
        this.tasks = Objects.requireNonNull(tasks, "tasks");
        this.leases = Objects.requireNonNull(leases, "leases");
        this.clock = leases.clock();
    }

    /** The term {@value #VARIABLE} sets (3 to 3600 seconds), else {@link #DEFAULT_TERM}. */
    public static Duration term(Settings settings) {
        return Leases.term(settings);
    }

    public Duration term() {
        return leases.term();
    }

    public Duration renewEvery() {
        return leases.renewEvery();
    }

    /** The expiry of a lease taken now: what the write that stores a task as running here carries. */
    public Instant expiry() {
        return leases.expiry();
    }

    /** Holds the task while this instance runs it, until {@link Leases.Held#close()}. */
    public Leases.Held hold(String taskId) {
        return leases.hold(taskId, this::renew);
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
            if (running(task) && !leases.holds(task.id())) {
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
        return running(stored.task()) && leases.lapsed(stored.task().id(), stored.leaseExpiry());
    }

    private static boolean running(A2aTask task) {
        TaskState state = task.status().state();
        return state == TaskState.WORKING || state == TaskState.SUBMITTED;
    }
}
