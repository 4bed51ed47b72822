package dev.agentport.task;

import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WrittenTask;
import dev.agentport.store.StateJson;

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

    /**
     * A task as kept. A running task is kept as it is: it is written again soon. A finished one is kept as the bytes
     * of its wire form, as a durable store keeps it, and read back from them: one array and a few objects instead of
     * some forty small ones, which the collector copies for as long as the task is kept (under load, the kept tasks
     * are most of the heap's live objects).
     */
    private record Kept(A2aTask running, byte[] finished, String contextId, TaskStatus status, long version,
                        Instant leaseExpiry, Instant expiresAt) {

        /** @param written the task's wire form, or {@code null} when not written yet */
        static Kept of(A2aTask task, byte[] written, long version, Instant leaseExpiry, Instant expiresAt) {
            boolean finished = task.status().state().isTerminal();
            byte[] bytes = !finished ? null : written != null ? written : task.bytes();
            return new Kept(finished ? null : task, bytes, task.contextId(), task.status(), version, leaseExpiry,
                    expiresAt);
        }

        A2aTask task() {
            return running != null ? running : StateJson.readTask(finished, status);
        }
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
        return put(task, null, expectedVersion, leaseExpiry);
    }

    @Override
    public boolean put(WrittenTask task, long expectedVersion) {
        return put(task.task(), task.bytes(), expectedVersion, null);
    }

    private boolean put(A2aTask task, byte[] written, long expectedVersion, Instant leaseExpiry) {
        Instant now = clock.instant();
        // outside the lock: it may serialize
        Kept kept = Kept.of(task, written, expectedVersion + 1, leaseExpiry, now.plus(ttl));
        synchronized (this) {
            Kept entry = live(task.id(), now);
            long version = entry == null ? 0 : entry.version();
            if (version != expectedVersion) {
                return false;
            }
            tasks.put(task.id(), kept);
            return true;
        }
    }

    @Override
    public TaskPage list(TaskQuery query) {
        PageTokens.Position after = query.pageToken() == null ? null : PageTokens.decode(query.pageToken());
        Instant now = clock.instant();
        List<Map.Entry<String, Kept>> matching = new ArrayList<>();
        synchronized (this) {
            for (Map.Entry<String, Kept> entry : tasks.entrySet()) {
                Kept kept = entry.getValue();
                if (kept.expiresAt().isAfter(now)
                        && (query.contextId() == null || query.contextId().equals(kept.contextId()))
                        && (query.state() == null || query.state() == kept.status().state())) {
                    matching.add(Map.entry(entry.getKey(), kept));
                }
            }
        }
        matching.sort((a, b) -> position(a).compareTo(position(b)));
        List<A2aTask> page = new ArrayList<>();
        PageTokens.Position last = null;
        for (Map.Entry<String, Kept> entry : matching) {
            if (after == null || position(entry).compareTo(after) > 0) {
                page.add(entry.getValue().task()); // outside the lock: a finished task is read from its bytes
                last = position(entry);
                if (page.size() == query.pageSize()) {
                    break;
                }
            }
        }
        boolean more = last != null && last.compareTo(position(matching.getLast())) < 0;
        return new TaskPage(page, more ? PageTokens.encode(last) : "", matching.size());
    }

    private static PageTokens.Position position(Map.Entry<String, Kept> entry) {
        return new PageTokens.Position(entry.getValue().status().timestamp(), entry.getKey());
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
