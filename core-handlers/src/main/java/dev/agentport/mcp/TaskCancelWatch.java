package dev.agentport.mcp;

import dev.agentport.agent.CancelCause;
import dev.agentport.runtime.Run;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.task.Leases;

import java.time.Duration;

/**
 * Reads a running task from the task store once a second while its run lasts, so that a {@code tasks/cancel}
 * answered by another instance (which can only mark the task cancelled in the store) stops the run here, and renews
 * the task's lease when due. A store that cannot be read is asked again at the next beat.
 */
final class TaskCancelWatch implements AutoCloseable {

    static final Duration EVERY = Duration.ofSeconds(1);

    private final Thread thread;

    private TaskCancelWatch(Thread thread) {
        this.thread = thread;
    }

    static TaskCancelWatch start(TaskBook book, String taskId, Run run, Leases.Held lease) {
        return new TaskCancelWatch(Thread.ofVirtual().name("mcp-task-watch").start(() -> {
            try {
                while (!run.cancellation().isCancelled()) {
                    Thread.sleep(EVERY);
                    lease.renewIfDue();
                    if (cancelled(book, taskId)) {
                        run.cancel(CancelCause.CLIENT_CANCELLED, TaskBook.CANCELLED_MESSAGE);
                        return;
                    }
                }
            } catch (InterruptedException e) {
                // the run ended: nothing more to watch
            }
        }));
    }

    private static boolean cancelled(TaskBook book, String taskId) {
        try {
            return book.find(taskId).map(task -> task.status().equals(McpTask.CANCELLED)).orElse(false);
        } catch (StoreUnavailableException e) {
            return false;
        }
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
