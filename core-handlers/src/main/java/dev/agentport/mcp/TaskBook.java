package dev.agentport.mcp;

import dev.agentport.task.McpTaskStore;
import dev.agentport.task.StoredMcpTask;

import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The face's tasks in the task store ({@code AGENT_STATE_STORE}), so that any instance reads, answers and cancels
 * them. Every change is written against the version read, read again after a write that came first: a run ending, a
 * cancel and the client's answers never overwrite each other, and a task that ended stays as it ended.
 */
final class TaskBook {

    static final String CANCELLED_MESSAGE = "the client cancelled the task";

    private final McpTaskStore store;

    TaskBook(McpTaskStore store) {
        this.store = store;
    }

    /** Keeps a new task; it can be read from any instance once this returns. */
    void create(McpTask task) {
        if (!store.put(task.id(), task.document(), 0)) {
            throw new McpError(McpError.INTERNAL_ERROR, "could not make the task; call the tool again");
        }
    }

    Optional<McpTask> find(String taskId) {
        return store.get(taskId).map(stored -> McpTask.of(stored.task()));
    }

    /**
     * Applies {@code change} to the task as stored while it has not ended; a change that returns the task it was given
     * writes nothing. Returns the task as written, or empty when nothing was (unknown, ended, or unchanged).
     */
    Optional<McpTask> settle(String taskId, UnaryOperator<McpTask> change) {
        while (true) {
            Optional<StoredMcpTask> stored = store.get(taskId);
            if (stored.isEmpty()) {
                return Optional.empty();
            }
            McpTask current = McpTask.of(stored.get().task());
            if (current.terminal()) {
                return Optional.empty();
            }
            McpTask changed = change.apply(current);
            if (changed == current) {
                return Optional.empty();
            }
            if (store.put(taskId, changed.document(), stored.get().version())) {
                return Optional.of(changed);
            }
        }
    }

    /** How long a task is kept after its last change, in milliseconds: its {@code ttlMs}. */
    long ttlMs() {
        return Math.max(1, store.ttl().toMillis());
    }
}
