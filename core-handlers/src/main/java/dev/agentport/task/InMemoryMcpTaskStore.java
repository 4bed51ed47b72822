package dev.agentport.task;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps MCP tasks in this process's memory with the semantics a durable store has (versioned conditional writes, a
 * time to live since the last write). Lost on restart and not shared between instances. Bounded: at most
 * {@code maxTasks} tasks, the least recently used going first.
 */
public final class InMemoryMcpTaskStore implements McpTaskStore {

    public static final int DEFAULT_MAX_TASKS = 10_000;

    private record Kept(ObjectNode task, long version, Instant expiresAt) {
    }

    private final Duration ttl;
    private final Clock clock;
    private final Map<String, Kept> tasks;

    public InMemoryMcpTaskStore(Duration ttl) {
        this(DEFAULT_MAX_TASKS, ttl, Clock.systemUTC());
    }

    public InMemoryMcpTaskStore(int maxTasks, Duration ttl, Clock clock) {
        this.ttl = ttl;
        this.clock = clock;
        this.tasks = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Kept> eldest) {
                return size() > maxTasks;
            }
        };
    }

    @Override
    public Optional<StoredMcpTask> get(String taskId) {
        Instant now = clock.instant();
        Kept entry;
        synchronized (this) {
            entry = live(taskId, now);
        }
        return entry == null ? Optional.empty() : Optional.of(new StoredMcpTask(entry.task().deepCopy(),
                entry.version()));
    }

    @Override
    public boolean put(String taskId, ObjectNode task, long expectedVersion) {
        Instant now = clock.instant();
        ObjectNode copy = task.deepCopy();
        synchronized (this) {
            Kept entry = live(taskId, now);
            long version = entry == null ? 0 : entry.version();
            if (version != expectedVersion) {
                return false;
            }
            tasks.put(taskId, new Kept(copy, version + 1, now.plus(ttl)));
            return true;
        }
    }

    @Override
    public Duration ttl() {
        return ttl;
    }

    private Kept live(String taskId, Instant now) {
        Kept entry = tasks.get(taskId);
        if (entry != null && !now.isBefore(entry.expiresAt())) {
            tasks.remove(taskId);
            return null;
        }
        return entry;
    }
}
