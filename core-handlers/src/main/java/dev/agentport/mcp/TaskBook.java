package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.task.Leases;
import dev.agentport.task.McpTaskStore;
import dev.agentport.task.StoredMcpTask;

import java.time.Instant;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The face's tasks in the task store ({@code AGENT_STATE_STORE}), so that any instance reads, answers and cancels
 * them. Every change is written against the version read, read again after a write that came first: a run ending, a
 * cancel and the client's answers never overwrite each other, and a task that ended stays as it ended.
 * <p>
 * A task written {@code working} carries the lease of the instance that runs it ({@link Leases}), in the document
 * beside the task's fields ({@value #LEASE}, never on the wire); every other write drops it. A task read
 * {@code working} whose lease lapsed, because its instance died, is stored {@code failed} with
 * {@link Leases#STOPPED} before anyone sees it.
 */
final class TaskBook {

    static final String CANCELLED_MESSAGE = "the client cancelled the task";
    static final String LEASE = "leaseExpiry";

    private final McpTaskStore store;
    private final Leases leases;
    private final TaskChanges changes;

    TaskBook(McpTaskStore store, Leases leases) {
        this(store, leases, new TaskChanges());
    }

    /** @param changes told of every task written here, for the listen streams of this instance */
    TaskBook(McpTaskStore store, Leases leases, TaskChanges changes) {
        this.store = store;
        this.leases = leases;
        this.changes = changes;
    }

    /** Whom this book tells of the tasks it writes. */
    TaskChanges changes() {
        return changes;
    }

    /** Keeps a new task, with this instance's lease on it; it can be read from any instance once this returns. */
    void create(McpTask task) {
        if (!store.put(task.id(), written(task), 0)) {
            throw new McpError(McpError.INTERNAL_ERROR, "could not make the task; call the tool again");
        }
    }

    Optional<McpTask> find(String taskId) {
        return read(taskId).map(stored -> McpTask.of(stored.task()));
    }

    /**
     * Applies {@code change} to the task as stored while it has not ended; a change that returns the task it was given
     * writes nothing. Returns the task as written, or empty when nothing was (unknown, ended, or unchanged).
     */
    Optional<McpTask> settle(String taskId, UnaryOperator<McpTask> change) {
        while (true) {
            Optional<StoredMcpTask> stored = read(taskId);
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
            if (store.put(taskId, written(changed), stored.get().version())) {
                changes.changed(taskId);
                return Optional.of(changed);
            }
        }
    }

    /** Holds the task while this instance runs it, renewing its lease when due, until {@link Leases.Held#close()}. */
    Leases.Held hold(String taskId) {
        return leases.hold(taskId, this::renew);
    }

    /** How long a task is kept after its last change, in milliseconds: its {@code ttlMs}. */
    long ttlMs() {
        return Math.max(1, store.ttl().toMillis());
    }

    /** Rewrites the working task with a new lease against the version read; nothing once it no longer works. */
    private void renew(String taskId) {
        while (true) {
            Optional<StoredMcpTask> stored = store.get(taskId);
            if (stored.isEmpty() || !McpTask.WORKING.equals(stored.get().task().path("status").asText())) {
                return;
            }
            ObjectNode renewed = stored.get().task().put(LEASE, leases.expiry().toString());
            if (store.put(taskId, renewed, stored.get().version())) {
                return;
            }
        }
    }

    /** The task as a reader must see it: failed, and stored so, when its lease lapsed. */
    private Optional<StoredMcpTask> read(String taskId) {
        Optional<StoredMcpTask> stored = store.get(taskId);
        while (stored.isPresent() && lapsed(taskId, stored.get().task())) {
            McpTask task = McpTask.of(stored.get().task());
            McpTask failed = task.moved(McpTask.FAILED, Leases.STOPPED, leases.clock().instant(), null, null, null,
                    McpTask.error(new McpError(McpError.INTERNAL_ERROR, Leases.STOPPED + "; call the tool again")));
            ObjectNode document = failed.document();
            if (store.put(taskId, document, stored.get().version())) {
                changes.changed(taskId);
                return Optional.of(new StoredMcpTask(document, stored.get().version() + 1));
            }
            stored = store.get(taskId);
        }
        return stored;
    }

    private boolean lapsed(String taskId, ObjectNode document) {
        JsonNode expiry = document.get(LEASE);
        return McpTask.WORKING.equals(document.path("status").asText()) && expiry != null && expiry.isTextual()
                && leases.lapsed(taskId, Instant.parse(expiry.asText()));
    }

    /** The task's document as written: with a new lease while it works. */
    private ObjectNode written(McpTask task) {
        ObjectNode document = task.document();
        if (McpTask.WORKING.equals(task.status())) {
            document.put(LEASE, leases.expiry().toString());
        }
        return document;
    }
}
