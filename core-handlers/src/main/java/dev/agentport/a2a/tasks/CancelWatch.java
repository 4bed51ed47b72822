package dev.agentport.a2a.tasks;

import dev.agentport.agent.CancelCause;
import dev.agentport.runtime.Run;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskLeases;
import dev.agentport.task.TaskStore;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Reads a running task from the task store every second while its run lasts, so that a {@code CancelTask} answered by
 * another instance (which can only mark the task canceled in the store) stops the run here; it holds the task's lease
 * meanwhile, renewing it when due.
 * A store that cannot be read is asked again at the next beat: the run's end reports the outage.
 */
final class CancelWatch implements AutoCloseable {

    static final Duration EVERY = Duration.ofSeconds(1);

    private final CountDownLatch runEnded = new CountDownLatch(1);
    private final TaskLeases.Held lease;

    private CancelWatch(TaskLeases.Held lease) {
        this.lease = lease;
    }

    /** Watches {@code taskId} until {@link #close()}. */
    static CancelWatch start(Run run, TaskStore tasks, TaskLeases leases) {
        CancelWatch watch = new CancelWatch(leases.hold(run.taskId()));
        Thread.ofVirtual().name("a2a-cancel-watch").start(() -> watch.watch(run, tasks));
        return watch;
    }

    private void watch(Run run, TaskStore tasks) {
        try {
            while (!runEnded.await(EVERY.toMillis(), TimeUnit.MILLISECONDS)) {
                lease.renewIfDue();
                if (endedInStore(run.taskId(), tasks)) {
                    run.cancel(CancelCause.CLIENT_CANCELLED, TaskRunner.CANCELED);
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether the stored task is terminal while its run goes on here: only a cancel ends a running task early. */
    private static boolean endedInStore(String taskId, TaskStore tasks) {
        Optional<StoredTask> stored;
        try {
            stored = tasks.get(taskId);
        } catch (StoreUnavailableException e) {
            return false;
        }
        return stored.isPresent() && stored.get().task().status().state().isTerminal();
    }

    /** The run has ended: the watch stops. */
    @Override
    public void close() {
        runEnded.countDown();
        lease.close();
    }
}
