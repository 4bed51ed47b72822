package dev.agentport.store;

import dev.agentport.session.InMemoryMcpReplies;
import dev.agentport.session.InMemoryMcpSessionStore;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.session.McpReplies;
import dev.agentport.session.McpSessionStore;
import dev.agentport.session.SessionStore;
import dev.agentport.task.InMemoryTaskStore;
import dev.agentport.task.InMemoryMcpTaskStore;
import dev.agentport.task.McpTaskStore;
import dev.agentport.task.TaskStore;

import java.time.Duration;
import java.util.Objects;

/**
 * Every store the faces keep state in, from one backend: conversations and paused runs, A2A tasks, MCP sessions and
 * the client's answers to MCP tools' questions, MCP tasks. Chosen by {@code AGENT_STATE_STORE} (see
 * {@link StateStoreSettings}); {@link #close()} releases the backend's connections when the server stops.
 */
public record StateStores(SessionStore sessions, TaskStore tasks, McpSessionStore mcpSessions, McpReplies mcpReplies,
                          McpTaskStore mcpTasks, AutoCloseable closer) implements AutoCloseable {

    public StateStores {
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(tasks, "tasks");
        Objects.requireNonNull(mcpSessions, "mcpSessions");
        Objects.requireNonNull(mcpReplies, "mcpReplies");
        Objects.requireNonNull(mcpTasks, "mcpTasks");
        closer = closer == null ? () -> { } : closer;
    }

    /** Stores in this process's memory: the default, right for one instance. */
    public static StateStores inMemory(Duration ttl) {
        return new StateStores(new InMemorySessionStore(ttl), new InMemoryTaskStore(ttl),
                new InMemoryMcpSessionStore(ttl), new InMemoryMcpReplies(), new InMemoryMcpTaskStore(ttl), null);
    }

    /** These stores with {@code sessions} and {@code tasks} replaced where not null. */
    public StateStores with(SessionStore sessions, TaskStore tasks) {
        return new StateStores(sessions == null ? this.sessions : sessions, tasks == null ? this.tasks : tasks,
                mcpSessions, mcpReplies, mcpTasks, closer);
    }

    @Override
    public void close() throws Exception {
        closer.close();
    }
}
