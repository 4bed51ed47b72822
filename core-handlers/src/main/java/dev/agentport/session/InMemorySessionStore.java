package dev.agentport.session;

import dev.agentport.agent.Turn;
import dev.agentport.base.TailList;
import dev.agentport.store.ExpiringLruMap;
import dev.agentport.store.ExpiringLruSlots;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Keeps conversations and paused runs in this process's memory, with the same semantics a durable store has
 * (versioned appends, claim-once paused runs, a time to live). Right for a single server, a test or a demo; lost on
 * restart and not shared between instances. Bounded so that callers cannot exhaust memory: at most {@code maxSessions}
 * conversations and as many paused runs (the least recently used go first), and at most {@code maxTurns} turns per
 * conversation (the oldest go first).
 *
 * <p>Many calls of one conversation may run at once, so the store's lock is held only to find a conversation (and
 * mark it used), to read its turns and version, and to append to it: its turns are an immutable {@link TailList},
 * which a read hands out as it is and an append extends without copying (the kept turns stay at their cap, and the
 * lists handed out keep their turns).
 *
 * <p>Most conversations have one turn (a call without a session id starts one), and up to {@code maxSessions} of them
 * stay live, made and dropped at the request rate: kept as objects, each would be copied by young collections until
 * it died. So a conversation is a slot of {@link ExpiringLruSlots} (its id, end of life and recency in arrays of
 * longs and ints) and its parts are arrays indexed by the slot: its version, its turns once it has two, and a first
 * turn of two texts as bytes ({@link FirstTurns}). A one-turn conversation is then no object at all.
 *
 * <p>An append that needs no answer ({@link #append(String, Turn)}, every finished run's) never waits for the lock:
 * when the lock is taken, it is queued, and the thread holding the lock applies the queue before it lets go, as every
 * call that takes the lock applies it before it reads or writes. So a read always sees every append that returned
 * before it. At 256 connections on two cores, request threads blocked on the store's monitor made a convoy: each
 * hand-over waited for the next blocked virtual thread to get a carrier again (see docs/benchmarks.md).
 */
public final class InMemorySessionStore implements SessionStore {

    private static final Logger LOG = LoggerFactory.getLogger(InMemorySessionStore.class);

    public static final int DEFAULT_MAX_SESSIONS = 10_000;
    /** The most conversations the arrays can hold: each slot has {@link FirstTurns#INLINE_BYTES} of one array. */
    public static final int MAX_SESSIONS = Integer.MAX_VALUE / FirstTurns.INLINE_BYTES;
    public static final int DEFAULT_MAX_TURNS = 100;
    public static final Duration DEFAULT_TTL = Duration.ofDays(7);

    private final int maxTurns;
    private final long ttlNanos;
    private final Clock clock;
    private final ExpiringLruSlots sessions;
    // a conversation's parts, by its slot in `sessions`
    private long[] versions = new long[0];
    /** Its turns from its second on (or a first turn that is not two texts), else null. */
    private Object[] turns = new Object[0];
    private final FirstTurns firstTurns = new FirstTurns();
    private final ExpiringLruMap<Paused> paused;
    private final ReentrantLock lock = new ReentrantLock();
    /** Appends of {@link #append(String, Turn)} not applied yet: whoever holds the lock applies them, in order. */
    private final ConcurrentLinkedQueue<Queued> queued = new ConcurrentLinkedQueue<>();

    private record Queued(String sessionId, Turn turn, long now) {
    }

    private static final class Paused extends ExpiringLruMap.Entry {
        private final PausedRun run;

        Paused(PausedRun run, long expiresAt) {
            this.run = run;
            expiresAt(expiresAt);
        }
    }

    public InMemorySessionStore() {
        this(DEFAULT_MAX_SESSIONS, DEFAULT_MAX_TURNS);
    }

    public InMemorySessionStore(int maxSessions, int maxTurns) {
        this(maxSessions, maxTurns, DEFAULT_TTL, Clock.systemUTC());
    }

    public InMemorySessionStore(Duration ttl) {
        this(DEFAULT_MAX_SESSIONS, DEFAULT_MAX_TURNS, ttl, Clock.systemUTC());
    }

    /** @throws IllegalArgumentException for more than {@link #MAX_SESSIONS} sessions */
    public InMemorySessionStore(int maxSessions, int maxTurns, Duration ttl, Clock clock) {
        if (maxSessions > MAX_SESSIONS) {
            throw new IllegalArgumentException("maxSessions " + maxSessions + " is above " + MAX_SESSIONS);
        }
        this.maxTurns = maxTurns;
        this.ttlNanos = Lifetimes.nanos(ttl);
        this.clock = clock;
        this.sessions = new ExpiringLruSlots(maxSessions, this::grow, this::forget);
        this.paused = new ExpiringLruMap<>(maxSessions);
    }

    @Override
    public Conversation conversation(String sessionId) {
        long now = Lifetimes.now(clock);
        TailList<Turn> kept;
        long version;
        take();
        try {
            int slot = sessions.get(sessionId, now);
            if (slot == ExpiringLruSlots.NONE) {
                return Conversation.EMPTY;
            }
            kept = turns(slot);
            version = versions[slot];
        } finally {
            letGo();
        }
        return new Conversation(kept, version);
    }

    @Override
    public boolean append(String sessionId, long expectedVersion, Turn turn) {
        long now = Lifetimes.now(clock);
        take();
        try {
            int slot = sessions.get(sessionId, now);
            if ((slot == ExpiringLruSlots.NONE ? 0 : versions[slot]) != expectedVersion) {
                return false;
            }
            add(sessionId, slot, turn, now);
            return true;
        } finally {
            letGo();
        }
    }

    /**
     * Appends whatever the version, so it never conflicts: at once when the lock is free, else queued for whoever holds
     * it.
     */
    @Override
    public void append(String sessionId, Turn turn) {
        // checked here: a queued append is applied on another caller's thread, which must not get this one's error
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(turn, "turn");
        long now = Lifetimes.now(clock);
        if (lock.tryLock()) {
            try {
                applyQueuedHeld();
                add(sessionId, sessions.get(sessionId, now), turn, now);
            } finally {
                letGo();
            }
            return;
        }
        queued.add(new Queued(sessionId, turn, now));
        applyQueued();
    }

    /** Takes the lock, and applies the queued appends before anything else is read or written. */
    private void take() {
        lock.lock();
        try {
            applyQueuedHeld();
        } catch (RuntimeException | Error e) {
            lock.unlock();
            throw e;
        }
    }

    /**
     * Lets go of the lock, then applies what was queued while it was held: an append that found the lock taken left
     * its turn to the holder, so no turn is left in the queue once every thread has let go.
     */
    private void letGo() {
        lock.unlock();
        applyQueued();
    }

    private void applyQueued() {
        while (!queued.isEmpty() && lock.tryLock()) {
            try {
                applyQueuedHeld();
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Called with the lock held. An append that fails here fails on a thread that did not make it, whose own call must
     * not fail for it: it is logged, and the next is applied.
     */
    private void applyQueuedHeld() {
        for (Queued append; (append = queued.poll()) != null; ) {
            try {
                add(append.sessionId, sessions.get(append.sessionId, append.now), append.turn, append.now);
            } catch (RuntimeException e) {
                LOG.error("A queued turn could not be added to its conversation; it is lost", e);
            }
        }
    }

    /** Called with the lock held; {@code slot} is the conversation's, or none for a new one. */
    private void add(String sessionId, int slot, Turn turn, long now) {
        long expiresAt = Lifetimes.endOfLife(now, ttlNanos);
        if (slot == ExpiringLruSlots.NONE) {
            slot = sessions.put(sessionId, expiresAt);
            if (slot == ExpiringLruSlots.NONE) {
                return; // a store that keeps no conversation
            }
        } else {
            sessions.expiresAt(slot, expiresAt);
        }
        if (versions[slot] == 0 && maxTurns > 0 && firstTurns.keep(slot, turn)) {
            turns[slot] = null;
        } else {
            turns[slot] = turns(slot).append(turn, maxTurns);
            firstTurns.clear(slot);
        }
        versions[slot]++;
    }

    /** Called with the lock held. */
    @SuppressWarnings("unchecked")
    private TailList<Turn> turns(int slot) {
        if (turns[slot] != null) {
            return (TailList<Turn>) turns[slot];
        }
        if (versions[slot] == 0) {
            return TailList.empty();
        }
        return TailList.handOver(new Turn[] {firstTurns.read(slot)});
    }

    /**
     * Called with the lock held, before the slots grow to {@code slots}: all or nothing, so that if a copy throws, the
     * slots do not grow either and the put that needed them throws with nothing kept.
     */
    private void grow(int slots) {
        long[] moreVersions = Arrays.copyOf(versions, slots);
        Object[] moreTurns = Arrays.copyOf(turns, slots);
        firstTurns.grow(slots);
        versions = moreVersions;
        turns = moreTurns;
    }

    /** Called with the lock held, when a conversation's slot is freed (evicted, expired, replaced). */
    private void forget(int slot) {
        versions[slot] = 0;
        turns[slot] = null;
        firstTurns.clear(slot);
    }

    @Override
    public boolean exists(String sessionId) {
        long now = Lifetimes.now(clock);
        take();
        try {
            if (sessions.get(sessionId, now) != ExpiringLruSlots.NONE) {
                return true;
            }
            for (Paused kept : paused) {
                if (kept.run.sessionId().equals(sessionId) && !kept.expired(now)) {
                    return true;
                }
            }
            return false;
        } finally {
            letGo();
        }
    }

    @Override
    public void savePaused(PausedRun run) {
        long expiresAt = Lifetimes.endOfLife(Lifetimes.now(clock), ttlNanos);
        take();
        try {
            paused.put(run.runId(), new Paused(run, expiresAt));
        } finally {
            letGo();
        }
    }

    @Override
    public Optional<PausedRun> claimPaused(String runId) {
        long now = Lifetimes.now(clock);
        Paused kept;
        take();
        try {
            kept = paused.remove(runId, now);
        } finally {
            letGo();
        }
        return kept == null ? Optional.empty() : Optional.of(kept.run);
    }
}
