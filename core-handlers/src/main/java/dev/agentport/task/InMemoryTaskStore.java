package dev.agentport.task;

import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WrittenTask;
import dev.agentport.store.EpochNanos;
import dev.agentport.store.ExpiringLruSlots;
import dev.agentport.store.PackedId;
import dev.agentport.store.SlotBytes;
import dev.agentport.store.StateJson;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Keeps tasks in this process's memory with the semantics a durable store has (versioned conditional writes, a time
 * to live, listing by context in stable pages). Lost on restart and not shared between instances. Bounded: at most
 * {@code maxTasks} tasks, the least recently used going first.
 *
 * <p>Under load the kept tasks are most of the heap's live objects, made and dropped at the request rate: kept as
 * objects, each would be copied by young collections until it died. So a task is a slot of {@link ExpiringLruSlots}
 * (its id, end of life and recency in arrays of longs and ints) and its parts are arrays indexed by the slot: version,
 * status (state, time as seconds and nanoseconds; the wire form has the time to the millisecond only), lease, context
 * id (as {@link PackedId} keeps ids). A running task is kept as it is: it is written again soon. A finished one is kept
 * as the bytes of its wire form, as a durable store keeps it, in its slot's room of one large array ({@link SlotBytes})
 * when it fits, and read back from them; its status message, which most finished tasks have none of, as an object.
 */
public final class InMemoryTaskStore implements TaskStore {

    public static final int DEFAULT_MAX_TASKS = 10_000;
    /**
     * Room per task for its wire form: a default-agent task of a short message is 660 (A2A) to 724 (Daedalus) bytes;
     * a longer one has an array of its own.
     */
    static final int ROOM_BYTES = 768;
    /** The most tasks the arrays can hold: each slot has {@link #ROOM_BYTES} of one array. */
    public static final int MAX_TASKS = Integer.MAX_VALUE / ROOM_BYTES;
    private static final TaskState[] STATES = TaskState.values();
    /** {@link #leaseNanos} of a task with no lease. */
    private static final int NO_LEASE = -1;
    /** {@link #contextForms} of a task with no context id, and of one kept as its text. */
    private static final byte NO_CONTEXT = -2;
    private static final byte CONTEXT_TEXT = PackedId.TEXT;

    private final Duration ttl;
    private final Clock clock;
    private final ExpiringLruSlots tasks;
    // a task's parts, by its slot in `tasks`
    private long[] versions = new long[0];
    private byte[] states = new byte[0];
    private long[] statusSeconds = new long[0];
    private int[] statusNanos = new int[0];
    /** A finished task's status message, else null (a running task's is in the task). */
    private Object[] statusMessages = new Object[0];
    private long[] leaseSeconds = new long[0];
    private int[] leaseNanos = new int[0];
    /** The context id as {@link PackedId#form} reads it: the prefix's number and two longs, or its text, or none. */
    private byte[] contextForms = new byte[0];
    private long[] contextHighs = new long[0];
    private long[] contextLows = new long[0];
    private String[] contextTexts = new String[0];
    /** A running task as it was written, else null. */
    private Object[] running = new Object[0];
    /** A finished task's wire form. */
    private final SlotBytes finished = new SlotBytes(ROOM_BYTES);
    /** A context id as {@link Context#of} reads it; under the lock only. */
    private final long[] bits = new long[2];

    /** A kept task as read under the lock; a finished one is parsed from its bytes outside it. */
    private record Read(A2aTask running, byte[] finished, TaskStatus status, long version, Instant leaseExpiry) {

        A2aTask task() {
            return running != null ? running : StateJson.readTask(finished, status);
        }
    }

    /** The context a listing asks for, read once as the store keeps a context id. */
    private record Context(String id, int form, long high, long low) {

        static Context of(String id) {
            long[] bits = new long[2];
            int form = PackedId.form(id, bits);
            return new Context(id, form, bits[0], bits[1]);
        }
    }

    /** A task that matches a listing: where it sorts, and its slot while the lock is held. */
    private record Listed(PageTokens.Position position, int slot) {
    }

    public InMemoryTaskStore() {
        this(DEFAULT_MAX_TASKS, Duration.ofDays(7), Clock.systemUTC());
    }

    public InMemoryTaskStore(Duration ttl) {
        this(DEFAULT_MAX_TASKS, ttl, Clock.systemUTC());
    }

    /** @throws IllegalArgumentException for more than {@link #MAX_TASKS} tasks */
    public InMemoryTaskStore(int maxTasks, Duration ttl, Clock clock) {
        if (maxTasks > MAX_TASKS) {
            throw new IllegalArgumentException("maxTasks " + maxTasks + " is above " + MAX_TASKS);
        }
        this.ttl = ttl;
        this.clock = clock;
        this.tasks = new ExpiringLruSlots(maxTasks, this::grow, this::forget);
    }

    // Each operation reads the clock once, before it takes the lock: every task's run reads and writes here.

    @Override
    public Optional<StoredTask> get(String taskId) {
        long now = EpochNanos.of(clock.instant());
        Read read;
        synchronized (this) {
            int slot = tasks.get(taskId, now);
            read = slot == ExpiringLruSlots.NONE ? null : read(slot);
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
        byte[] wire = !task.status().state().isTerminal() ? null : written != null ? written : task.bytes();
        synchronized (this) {
            int slot = tasks.get(task.id(), EpochNanos.of(now));
            if ((slot == ExpiringLruSlots.NONE ? 0 : versions[slot]) != expectedVersion) {
                return false;
            }
            if (slot == ExpiringLruSlots.NONE) {
                slot = tasks.put(task.id(), expiresAt);
                if (slot == ExpiringLruSlots.NONE) {
                    return true; // a store that keeps no task
                }
            } else {
                tasks.expiresAt(slot, expiresAt);
            }
            set(slot, task, wire, expectedVersion + 1, leaseExpiry);
            return true;
        }
    }

    /** Called with the lock held. @param wire the finished task's wire form, or {@code null} for a running task */
    private void set(int slot, A2aTask task, byte[] wire, long version, Instant leaseExpiry) {
        TaskStatus status = task.status();
        if (wire == null) {
            running[slot] = task;
            statusMessages[slot] = null;
            finished.clear(slot);
        } else {
            running[slot] = null;
            statusMessages[slot] = status.message();
            finished.keep(slot, wire);
        }
        versions[slot] = version;
        states[slot] = (byte) status.state().ordinal();
        statusSeconds[slot] = status.timestamp().getEpochSecond();
        statusNanos[slot] = status.timestamp().getNano();
        leaseSeconds[slot] = leaseExpiry == null ? 0 : leaseExpiry.getEpochSecond();
        leaseNanos[slot] = leaseExpiry == null ? NO_LEASE : leaseExpiry.getNano();
        String contextId = task.contextId();
        int form = contextId == null ? NO_CONTEXT : PackedId.form(contextId, bits);
        contextForms[slot] = (byte) form;
        contextHighs[slot] = form >= 0 ? bits[0] : 0;
        contextLows[slot] = form >= 0 ? bits[1] : 0;
        contextTexts[slot] = form == CONTEXT_TEXT ? contextId : null;
    }

    /** Called with the lock held. */
    private Read read(int slot) {
        A2aTask task = (A2aTask) running[slot];
        Instant lease = leaseNanos[slot] == NO_LEASE ? null : Instant.ofEpochSecond(leaseSeconds[slot], leaseNanos[slot]);
        if (task != null) {
            return new Read(task, null, null, versions[slot], lease);
        }
        TaskStatus status = new TaskStatus(STATES[states[slot]], (A2aMessage) statusMessages[slot], statusTime(slot));
        return new Read(null, finished.value(slot), status, versions[slot], lease);
    }

    private Instant statusTime(int slot) {
        return Instant.ofEpochSecond(statusSeconds[slot], statusNanos[slot]);
    }

    /** Whether the task at {@code slot} is in {@code context}, {@link Context#of read once} for a whole listing. */
    private boolean in(int slot, Context context) {
        return context.form() == CONTEXT_TEXT ? context.id().equals(contextTexts[slot])
                : contextForms[slot] == context.form() && contextHighs[slot] == context.high()
                && contextLows[slot] == context.low();
    }

    /**
     * Called with the lock held, before the slots grow to {@code slots}: all or nothing, so that if a copy throws, the
     * slots do not grow either and the put that needed them throws with nothing kept.
     */
    private void grow(int slots) {
        long[] moreVersions = Arrays.copyOf(versions, slots);
        byte[] moreStates = Arrays.copyOf(states, slots);
        long[] moreStatusSeconds = Arrays.copyOf(statusSeconds, slots);
        int[] moreStatusNanos = Arrays.copyOf(statusNanos, slots);
        Object[] moreStatusMessages = Arrays.copyOf(statusMessages, slots);
        long[] moreLeaseSeconds = Arrays.copyOf(leaseSeconds, slots);
        int[] moreLeaseNanos = Arrays.copyOf(leaseNanos, slots);
        byte[] moreContextForms = Arrays.copyOf(contextForms, slots);
        long[] moreContextHighs = Arrays.copyOf(contextHighs, slots);
        long[] moreContextLows = Arrays.copyOf(contextLows, slots);
        String[] moreContextTexts = Arrays.copyOf(contextTexts, slots);
        Object[] moreRunning = Arrays.copyOf(running, slots);
        finished.grow(slots);
        versions = moreVersions;
        states = moreStates;
        statusSeconds = moreStatusSeconds;
        statusNanos = moreStatusNanos;
        statusMessages = moreStatusMessages;
        leaseSeconds = moreLeaseSeconds;
        leaseNanos = moreLeaseNanos;
        contextForms = moreContextForms;
        contextHighs = moreContextHighs;
        contextLows = moreContextLows;
        contextTexts = moreContextTexts;
        running = moreRunning;
    }

    /** Called with the lock held, when a task's slot is freed (evicted, expired, replaced): it keeps no reference. */
    private void forget(int slot) {
        versions[slot] = 0;
        running[slot] = null;
        statusMessages[slot] = null;
        contextTexts[slot] = null;
        finished.clear(slot);
    }

    @Override
    public TaskPage list(TaskQuery query) {
        PageTokens.Position after = query.pageToken() == null ? null : PageTokens.decode(query.pageToken());
        long now = EpochNanos.of(clock.instant());
        Context context = query.contextId() == null ? null : Context.of(query.contextId());
        List<Read> page = new ArrayList<>();
        PageTokens.Position last = null;
        int matching;
        boolean more;
        synchronized (this) {
            // sorted with the lock held: a slot is the task's only while it is
            List<Listed> listed = new ArrayList<>();
            for (int slot = tasks.oldest(); slot != ExpiringLruSlots.NONE; slot = tasks.newer(slot)) {
                if (tasks.expiresAt(slot) > now
                        && (context == null || in(slot, context))
                        && (query.state() == null || query.state().ordinal() == states[slot])) {
                    listed.add(new Listed(new PageTokens.Position(statusTime(slot), tasks.id(slot)), slot));
                }
            }
            listed.sort((a, b) -> a.position().compareTo(b.position()));
            for (Listed each : listed) {
                if (after == null || each.position().compareTo(after) > 0) {
                    page.add(read(each.slot()));
                    last = each.position();
                    if (page.size() == query.pageSize()) {
                        break;
                    }
                }
            }
            matching = listed.size();
            more = last != null && last.compareTo(listed.getLast().position()) < 0;
        }
        List<A2aTask> tasksOfPage = new ArrayList<>(page.size());
        for (Read read : page) {
            tasksOfPage.add(read.task()); // outside the lock: a finished task is read from its bytes
        }
        return new TaskPage(tasksOfPage, more ? PageTokens.encode(last) : "", matching);
    }
}
