package dev.agentport.task;

import dev.agentport.a2a.A2aTask;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps tasks in this process's memory with the semantics a durable store has (versioned conditional writes, a time
 * to live, listing by context in stable pages). Lost on restart and not shared between instances. Bounded: at most
 * {@code maxTasks} tasks, the least recently used going first.
 */
public final class InMemoryTaskStore implements TaskStore {

    public static final int DEFAULT_MAX_TASKS = 10_000;

    private record Kept(A2aTask task, long version, Instant leaseExpiry, Instant expiresAt) {
    }

    private final Duration ttl;
    private final Clock clock;
    private final Map<String, Kept> tasks;

    public InMemoryTaskStore() {
        this(DEFAULT_MAX_TASKS, Duration.ofDays(7), Clock.systemUTC());
    }

    public InMemoryTaskStore(Duration ttl) {
        this(DEFAULT_MAX_TASKS, ttl, Clock.systemUTC());
    }

    public InMemoryTaskStore(int maxTasks, Duration ttl, Clock clock) {
        this.ttl = ttl;
        this.clock = clock;
        this.tasks = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Kept> eldest) {
                return size() > maxTasks;
            }
        };
    }

    // Each operation reads the clock once, before it takes the lock: every task's run reads and writes here.

    @Override
    public Optional<StoredTask> get(String taskId) {
        Instant now = clock.instant();
        Kept entry;
        synchronized (this) {
            entry = live(taskId, now);
        }
        return entry == null ? Optional.empty() : Optional.of(new StoredTask(entry.task(), entry.version(),
                entry.leaseExpiry()));
    }

    @Override
    public boolean put(A2aTask task, long expectedVersion, Instant leaseExpiry) {
        Instant now = clock.instant();
        Instant expiresAt = now.plus(ttl);
        synchronized (this) {
            Kept entry = live(task.id(), now);
            long version = entry == null ? 0 : entry.version();
            if (version != expectedVersion) {
                return false;
            }
            tasks.put(task.id(), new Kept(task, version + 1, leaseExpiry, expiresAt));
            return true;
        }
    }

    @Override
    public synchronized TaskPage list(TaskQuery query) {
        PageTokens.Position after = query.pageToken() == null ? null : PageTokens.decode(query.pageToken());
        Instant now = clock.instant();
        List<A2aTask> matching = new ArrayList<>();
        for (Kept entry : tasks.values()) {
            A2aTask task = entry.task();
            if (entry.expiresAt().isAfter(now)
                    && (query.contextId() == null || query.contextId().equals(task.contextId()))
                    && (query.state() == null || query.state() == task.status().state())) {
                matching.add(task);
            }
        }
        matching.sort((a, b) -> position(a).compareTo(position(b)));
        List<A2aTask> page = new ArrayList<>();
        for (A2aTask task : matching) {
            if (after == null || position(task).compareTo(after) > 0) {
                page.add(task);
                if (page.size() == query.pageSize()) {
                    break;
                }
            }
        }
        boolean more = !page.isEmpty() && position(page.getLast()).compareTo(position(matching.getLast())) < 0;
        return new TaskPage(page, more ? PageTokens.encode(position(page.getLast())) : "", matching.size());
    }

    private static PageTokens.Position position(A2aTask task) {
        return new PageTokens.Position(task.status().timestamp(), task.id());
    }

    private Kept live(String taskId, Instant now) {
        Kept entry = tasks.get(taskId);
        if (entry != null && !entry.expiresAt().isAfter(now)) {
            tasks.remove(taskId);
            return null;
        }
        return entry;
    }
}
