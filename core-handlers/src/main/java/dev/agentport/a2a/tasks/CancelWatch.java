package dev.agentport.a2a.tasks;

import dev.agentport.agent.CancelCause;
import dev.agentport.runtime.Run;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.task.Leases;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskLeases;
import dev.agentport.task.TaskStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Reads every task running here from the task store once a second while its run lasts, so that a {@code CancelTask}
 * answered by another instance (which can only mark the task canceled in the store) stops the run here; it holds each
 * task's lease meanwhile, renewing it when due. One beat on one thread serves every running task: a task costs an
 * entry in a set, not a thread of its own. A store that cannot be read is asked again at the next beat: the run's end
 * reports the outage.
 */
final class CancelWatch implements AutoCloseable {

    static final Duration EVERY = Duration.ofSeconds(1);

    private static final Logger LOG = LoggerFactory.getLogger(CancelWatch.class);
    private static final Set<CancelWatch> WATCHED = ConcurrentHashMap.newKeySet();

    private final Run run;
    private final TaskStore tasks;
    private final Leases.Held lease;

    private CancelWatch(Run run, TaskStore tasks, Leases.Held lease) {
        this.run = run;
        this.tasks = tasks;
        this.lease = lease;
    }

    /** Watches the run's task until {@link #close()}. */
    static CancelWatch start(Run run, TaskStore tasks, TaskLeases leases) {
        CancelWatch watch = new CancelWatch(run, tasks, leases.hold(run.taskId()));
        Beat.ensureStarted();
        WATCHED.add(watch);
        return watch;
    }

    /**
     * The one beat, started with the first task watched (so a process that runs no task has no such thread): the JVM
     * starts it once, when the class is first used, and takes no lock on later uses.
     */
    private static final class Beat {

        private static final ScheduledExecutorService EXECUTOR = start();

        static void ensureStarted() {
            // Using the class has started it.
        }

        private static ScheduledExecutorService start() {
            ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(action -> {
                Thread thread = new Thread(action, "a2a-cancel-watch");
                thread.setDaemon(true);
                return thread;
            });
            executor.scheduleWithFixedDelay(CancelWatch::beat, EVERY.toMillis(), EVERY.toMillis(),
                    TimeUnit.MILLISECONDS);
            return executor;
        }
    }

    private static void beat() {
        for (CancelWatch watch : WATCHED) {
            try {
                watch.check();
            } catch (RuntimeException e) {
                LOG.warn("watching task {} failed: {}", watch.run.taskId(), e.toString());
            }
        }
    }

    private void check() {
        lease.renewIfDue();
        if (endedInStore()) {
            run.cancel(CancelCause.CLIENT_CANCELLED, TaskRunner.CANCELED);
            WATCHED.remove(this);
        }
    }

    /** Whether the stored task is terminal while its run goes on here: only a cancel ends a running task early. */
    private boolean endedInStore() {
        Optional<StoredTask> stored;
        try {
            stored = tasks.get(run.taskId());
        } catch (StoreUnavailableException e) {
            return false;
        }
        return stored.isPresent() && stored.get().task().status().state().isTerminal();
    }

    /** The run has ended: the watch stops. */
    @Override
    public void close() {
        WATCHED.remove(this);
        lease.close();
    }
}
