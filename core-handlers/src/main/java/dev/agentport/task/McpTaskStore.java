package dev.agentport.task;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.Optional;

/**
 * Where MCP tasks live (the {@code io.modelcontextprotocol/tasks} extension), shaped like {@link TaskStore} so that a
 * durable backend gives every instance the same view with conditional writes only:
 * <ul>
 *   <li>a task is read with a version and written only against that version (0 creates it), so that a run ending,
 *       a cancel and a client's input arriving at once cannot overwrite each other: the loser reads again and
 *       decides;</li>
 *   <li>a task expires after {@link #ttl()} since its last write, which is the time to live the face announces.</li>
 * </ul>
 * The task is the face's own JSON document (its status, result or error, the questions it waits on and the answers it
 * got, the tool call it runs), opaque to the store. The backend {@code AGENT_STATE_STORE} names provides it (in memory
 * by default). Implementations must be thread-safe.
 */
public interface McpTaskStore {

    /** The task and its version, or empty when unknown or expired. */
    Optional<StoredMcpTask> get(String taskId);

    /**
     * Writes the task if its stored version is still {@code expectedVersion} (0: it must not exist yet), which the
     * write makes {@code expectedVersion + 1}. Returns false, and changes nothing, when another write came first.
     */
    boolean put(String taskId, ObjectNode task, long expectedVersion);

    /** How long a task is kept after its last write. */
    Duration ttl();
}
