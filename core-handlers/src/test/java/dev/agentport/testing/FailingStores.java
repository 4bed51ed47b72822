package dev.agentport.testing;

import dev.agentport.a2a.A2aTask;
import dev.agentport.agent.Turn;
import dev.agentport.session.InMemoryMcpReplies;
import dev.agentport.session.Conversation;
import dev.agentport.session.McpSession;
import dev.agentport.session.McpSessionStore;
import dev.agentport.session.PausedRun;
import dev.agentport.session.SessionStore;
import dev.agentport.store.StateStores;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskPage;
import dev.agentport.task.TaskQuery;
import dev.agentport.task.TaskStore;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The in-memory stores behind a switch: each operation of each store can be made to throw
 * {@link StoreUnavailableException}, as a durable backend does when it cannot be reached, from its first call or
 * after some calls have succeeded. What the stores hold stays readable through {@link #memory()}.
 */
public final class FailingStores {

    /** Every operation of the three stores. */
    public enum Operation {
        READ_CONVERSATION, APPEND_TURN, SESSION_EXISTS, SAVE_PAUSED, CLAIM_PAUSED,
        GET_TASK, PUT_TASK, LIST_TASKS,
        CREATE_MCP_SESSION, FIND_MCP_SESSION, END_MCP_SESSION
    }

    /** What the backend says; a face must never show it. */
    public static final String BACKEND_DETAIL = "redis://store-7.internal:6379 refused: NOAUTH secret-detail";

    private final StateStores memory = StateStores.inMemory(Duration.ofHours(1));
    private final Map<Operation, AtomicInteger> failAfter = new ConcurrentHashMap<>();

    /** Makes {@code operation} fail from now on. */
    public FailingStores fail(Operation operation) {
        return failAfter(operation, 0);
    }

    /** Lets {@code calls} more calls of {@code operation} succeed, then makes every later one fail. */
    public FailingStores failAfter(Operation operation, int calls) {
        failAfter.put(operation, new AtomicInteger(calls));
        return this;
    }

    /** The store is reachable again. */
    public void heal() {
        failAfter.clear();
    }

    /** The stores as the server sees them. */
    public StateStores stores() {
        return new StateStores(new Sessions(), new Tasks(), new McpSessions(), new InMemoryMcpReplies(),
                memory.mcpTasks(), null);
    }

    /** The stores underneath, never failing: what was really kept. */
    public StateStores memory() {
        return memory;
    }

    private void check(Operation operation) {
        AtomicInteger left = failAfter.get(operation);
        if (left != null && left.getAndDecrement() <= 0) {
            throw new StoreUnavailableException("the state store failed on " + operation,
                    new java.io.IOException(BACKEND_DETAIL));
        }
    }

    private final class Sessions implements SessionStore {
        @Override
        public Conversation conversation(String sessionId) {
            check(Operation.READ_CONVERSATION);
            return memory.sessions().conversation(sessionId);
        }

        @Override
        public boolean append(String sessionId, long expectedVersion, Turn turn) {
            check(Operation.APPEND_TURN);
            return memory.sessions().append(sessionId, expectedVersion, turn);
        }

        @Override
        public boolean exists(String sessionId) {
            check(Operation.SESSION_EXISTS);
            return memory.sessions().exists(sessionId);
        }

        @Override
        public void savePaused(PausedRun run) {
            check(Operation.SAVE_PAUSED);
            memory.sessions().savePaused(run);
        }

        @Override
        public Optional<PausedRun> claimPaused(String runId) {
            check(Operation.CLAIM_PAUSED);
            return memory.sessions().claimPaused(runId);
        }
    }

    private final class Tasks implements TaskStore {
        @Override
        public Optional<StoredTask> get(String taskId) {
            check(Operation.GET_TASK);
            return memory.tasks().get(taskId);
        }

        @Override
        public boolean put(A2aTask task, long expectedVersion, Instant leaseExpiry) {
            check(Operation.PUT_TASK);
            return memory.tasks().put(task, expectedVersion, leaseExpiry);
        }

        @Override
        public TaskPage list(TaskQuery query) {
            check(Operation.LIST_TASKS);
            return memory.tasks().list(query);
        }
    }

    private final class McpSessions implements McpSessionStore {
        @Override
        public boolean create(McpSession session) {
            check(Operation.CREATE_MCP_SESSION);
            return memory.mcpSessions().create(session);
        }

        @Override
        public Optional<McpSession> find(String id) {
            check(Operation.FIND_MCP_SESSION);
            return memory.mcpSessions().find(id);
        }

        @Override
        public boolean end(String id) {
            check(Operation.END_MCP_SESSION);
            return memory.mcpSessions().end(id);
        }
    }
}
