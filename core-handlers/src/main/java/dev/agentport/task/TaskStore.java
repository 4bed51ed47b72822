package dev.agentport.task;

import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.WrittenTask;

import java.time.Instant;
import java.util.Optional;

/**
 * Where A2A tasks live, shaped like {@link dev.agentport.session.SessionStore} so that a durable backend can give every
 * instance the same view with conditional writes only:
 * <ul>
 *   <li>a task is read with a version and written only against that version (0 creates it), so that a run finishing
 *       and a cancel arriving at once cannot overwrite each other: the loser reads again and decides;</li>
 *   <li>tasks are listed by context (and state), newest status first, in pages whose token survives other writes;</li>
 *   <li>a task expires after the store's time to live since its last write;</li>
 *   <li>a running task carries the expiry of the lease its instance holds on it, stored with the task
 *       but never part of its wire form; every write replaces it.</li>
 * </ul>
 * Only what the task's wire form carries is stored: status, history, artifacts and metadata. Request-scoped extension
 * payloads never reach it. The backend {@code AGENT_STATE_STORE} names provides it (in memory by default).
 * Implementations must be thread-safe.
 */
public interface TaskStore {

    /** The task and its version, or empty when unknown or expired. */
    Optional<StoredTask> get(String taskId);

    /**
     * Writes the task, with no lease on it, if its stored version is still {@code expectedVersion} (0: it must not
     * exist yet). Returns false, and changes nothing, when another write came first.
     */
    default boolean put(A2aTask task, long expectedVersion) {
        return put(task, expectedVersion, null);
    }

    /**
     * Writes a task whose wire form is written already, with no lease on it, as {@link #put(A2aTask, long)}: a store
     * that keeps the wire form takes these bytes rather than writing the task again.
     */
    default boolean put(WrittenTask task, long expectedVersion) {
        return put(task.task(), expectedVersion);
    }

    /**
     * Writes the task and the expiry of the lease its running instance holds on it ({@code null}: none), if its stored
     * version is still {@code expectedVersion} (0: it must not exist yet), which the write makes
     * {@code expectedVersion + 1}. Returns false, and changes nothing, when another write came first.
     */
    boolean put(A2aTask task, long expectedVersion, Instant leaseExpiry);

    /**
     * A page of tasks. Throws {@link IllegalArgumentException} for a page token this store did not issue.
     */
    TaskPage list(TaskQuery query);
}
