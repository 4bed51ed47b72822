package dev.agentport.task;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.store.EpochNanos;
import dev.agentport.store.ExpiringLruMap;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Keeps MCP tasks in this process's memory with the semantics a durable store has (versioned conditional writes, a
 * time to live since the last write). Lost on restart and not shared between instances. Bounded: at most
 * {@code maxTasks} tasks, the least recently used going first.
 */
public final class InMemoryMcpTaskStore implements McpTaskStore {

    public static final int DEFAULT_MAX_TASKS = 10_000;

    /** A task as kept, read and written under the store's lock; the node it holds is never changed once kept. */
    private static final class Kept extends ExpiringLruMap.Entry {
        private ObjectNode task;
        private long version;
    }

    private final Duration ttl;
    private final Clock clock;
    private final ExpiringLruMap<Kept> tasks;

    public InMemoryMcpTaskStore(Duration ttl) {
        this(DEFAULT_MAX_TASKS, ttl, Clock.systemUTC());
    }

    public InMemoryMcpTaskStore(int maxTasks, Duration ttl, Clock clock) {
        this.ttl = ttl;
        this.clock = clock;
        this.tasks = new ExpiringLruMap<>(maxTasks);
    }

    @Override
    public Optional<StoredMcpTask> get(String taskId) {
        long now = EpochNanos.of(clock.instant());
        ObjectNode task;
        long version;
        synchronized (this) {
            Kept entry = tasks.get(taskId, now);
            if (entry == null) {
                return Optional.empty();
            }
            task = entry.task;
            version = entry.version;
        }
        return Optional.of(new StoredMcpTask(task.deepCopy(), version));
    }

    @Override
    public boolean put(String taskId, ObjectNode task, long expectedVersion) {
        Instant now = clock.instant();
        ObjectNode copy = task.deepCopy();
        synchronized (this) {
            Kept entry = tasks.get(taskId, EpochNanos.of(now));
            long version = entry == null ? 0 : entry.version;
            if (version != expectedVersion) {
                return false;
            }
            if (entry == null) {
                entry = new Kept();
                tasks.put(taskId, entry);
            }
            entry.task = copy;
            entry.version = version + 1;
            entry.expiresAt(EpochNanos.of(now.plus(ttl)));
            return true;
        }
    }

    @Override
    public Duration ttl() {
        return ttl;
    }
}
