package dev.agentport.task;

import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WrittenTask;
import dev.agentport.store.EpochNanos;
import dev.agentport.store.ExpiringLruMap;
import dev.agentport.store.PackedId;
import dev.agentport.store.StateJson;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Keeps tasks in this process's memory with the semantics a durable store has (versioned conditional writes, a time
 * to live, listing by context in stable pages). Lost on restart and not shared between instances. Bounded: at most
 * {@code maxTasks} tasks, the least recently used going first.
 */
public final class InMemoryTaskStore implements TaskStore {

    public static final int DEFAULT_MAX_TASKS = 10_000;

    /**
     * A task as kept: one mutable holder per task, read and written under the store's lock. A running task is kept as
     * it is: it is written again soon. A finished one is kept as the bytes of its wire form, as a durable store keeps
     * it, and read back from them. Its status is kept as its parts (the wire form has the time to the millisecond
     * only) and the times as longs: the collector copies every kept object for as long as the task is kept, and under
     * load the kept tasks are most of the heap's live objects. It is its own entry in the store's map.
     */
    private static final class Kept extends ExpiringLruMap.Entry {
        private A2aTask running;
        private byte[] finished;
        /** The context id as two longs when it {@link PackedId packs} (then its text is not kept), else its text. */
        private boolean contextPacked;
        private long contextHigh;
        private long contextLow;
        private String contextText;
        private TaskState state;
        private A2aMessage statusMessage;
        private long statusSecond;
        private int statusNano;
        private long version;
        private Instant leaseExpiry;

        /** @param finished the finished task's wire form, or {@code null} for a running task */
        void set(A2aTask task, byte[] finished, long version, Instant leaseExpiry, long expiresAt) {
            TaskStatus status = task.status();
            this.running = finished == null ? task : null;
            this.finished = finished;
            String contextId = task.contextId();
            this.contextPacked = contextId != null && PackedId.packs(contextId);
            this.contextHigh = contextPacked ? PackedId.high(contextId) : 0;
            this.contextLow = contextPacked ? PackedId.low(contextId) : 0;
            this.contextText = contextPacked ? null : contextId;
            this.state = status.state();
            this.statusMessage = status.message();
            this.statusSecond = status.timestamp().getEpochSecond();
            this.statusNano = status.timestamp().getNano();
            this.version = version;
            this.leaseExpiry = leaseExpiry;
            expiresAt(expiresAt);
        }

        /** Whether the task is in {@code context}, {@link Context#of read once} for a whole listing. */
        boolean in(Context context) {
            return context.packed() ? contextPacked && contextHigh == context.high() && contextLow == context.low()
                    : context.id().equals(contextText);
        }

        Instant statusTime() {
            return Instant.ofEpochSecond(statusSecond, statusNano);
        }

        Read read() {
            return new Read(running, finished, running != null ? null
                    : new TaskStatus(state, statusMessage, statusTime()), version, leaseExpiry);
        }
    }

    /** A kept task as read under the lock; a finished one is parsed from its bytes outside it. */
    private record Read(A2aTask running, byte[] finished, TaskStatus status, long version, Instant leaseExpiry) {

        A2aTask task() {
            return running != null ? running : StateJson.readTask(finished, status);
        }
    }

    /** The context a listing asks for, read once as {@link Kept} keeps a context id. */
    private record Context(String id, boolean packed, long high, long low) {

        static Context of(String id) {
            boolean packed = PackedId.packs(id);
            return new Context(id, packed, packed ? PackedId.high(id) : 0, packed ? PackedId.low(id) : 0);
        }
    }

    /** A task that matches a listing, with where it sorts. */
    private record Listed(PageTokens.Position position, Read read) {
    }

    private final Duration ttl;
    private final Clock clock;
    private final ExpiringLruMap<Kept> tasks;

    public InMemoryTaskStore() {
        this(DEFAULT_MAX_TASKS, Duration.ofDays(7), Clock.systemUTC());
    }

    public InMemoryTaskStore(Duration ttl) {
        this(DEFAULT_MAX_TASKS, ttl, Clock.systemUTC());
    }

    public InMemoryTaskStore(int maxTasks, Duration ttl, Clock clock) {
        this.ttl = ttl;
        this.clock = clock;
        this.tasks = new ExpiringLruMap<>(maxTasks);
    }

    // Each operation reads the clock once, before it takes the lock: every task's run reads and writes here.

    @Override
    public Optional<StoredTask> get(String taskId) {
        long now = EpochNanos.of(clock.instant());
        Read read;
        synchronized (this) {
            Kept entry = tasks.get(taskId, now);
            read = entry == null ? null : entry.read();
        }
        return read == null ? Optional.empty() : Optional.of(new StoredTask(read.task(), read.version(),
                read.leaseExpiry()));
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
        long expiresAt = EpochNanos.of(now.plus(ttl));
        // outside the lock: it may serialize
        byte[] finished = !task.status().state().isTerminal() ? null : written != null ? written : task.bytes();
        synchronized (this) {
            Kept entry = tasks.get(task.id(), EpochNanos.of(now));
            long version = entry == null ? 0 : entry.version;
            if (version != expectedVersion) {
                return false;
            }
            if (entry == null) {
                entry = new Kept();
                tasks.put(task.id(), entry);
            }
            entry.set(task, finished, expectedVersion + 1, leaseExpiry, expiresAt);
            return true;
        }
    }

    @Override
    public TaskPage list(TaskQuery query) {
        PageTokens.Position after = query.pageToken() == null ? null : PageTokens.decode(query.pageToken());
        long now = EpochNanos.of(clock.instant());
        Context context = query.contextId() == null ? null : Context.of(query.contextId());
        List<Listed> matching = new ArrayList<>();
        synchronized (this) {
            for (Kept kept : tasks) {
                if (!kept.expired(now)
                        && (context == null || kept.in(context))
                        && (query.state() == null || query.state() == kept.state)) {
                    matching.add(new Listed(new PageTokens.Position(kept.statusTime(), kept.id()), kept.read()));
                }
            }
        }
        matching.sort((a, b) -> a.position().compareTo(b.position()));
        List<A2aTask> page = new ArrayList<>();
        PageTokens.Position last = null;
        for (Listed listed : matching) {
            if (after == null || listed.position().compareTo(after) > 0) {
                page.add(listed.read().task()); // outside the lock: a finished task is read from its bytes
                last = listed.position();
                if (page.size() == query.pageSize()) {
                    break;
                }
            }
        }
        boolean more = last != null && last.compareTo(matching.getLast().position()) < 0;
        return new TaskPage(page, more ? PageTokens.encode(last) : "", matching.size());
    }
}
