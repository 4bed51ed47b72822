package dev.agentport.session;

import dev.agentport.agent.Turn;
import dev.agentport.base.TailList;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps conversations and paused runs in this process's memory, with the same semantics a durable store has
 * (versioned appends, claim-once paused runs, a time to live). Right for a single server, a test or a demo; lost on
 * restart and not shared between instances. Bounded so that callers cannot exhaust memory: at most {@code maxSessions}
 * conversations and as many paused runs (the least recently used go first), and at most {@code maxTurns} turns per
 * conversation (the oldest go first).
 *
 * <p>Many calls of one conversation may run at once, so the store's lock is held only to find a conversation (and
 * mark it used) and to append to it: its turns are an immutable {@link TailList}, which a read hands out as it is and
 * an append extends without copying (the kept turns stay at their cap, and the lists handed out keep their turns).
 */
public final class InMemorySessionStore implements SessionStore {

    public static final int DEFAULT_MAX_SESSIONS = 10_000;
    public static final int DEFAULT_MAX_TURNS = 100;
    public static final Duration DEFAULT_TTL = Duration.ofDays(7);

    private final int maxTurns;
    private final Duration ttl;
    private final Clock clock;
    private final Map<String, Session> sessions;
    private final Map<String, Expiring<PausedRun>> paused;

    /** A conversation's place in the store; an append replaces what it kept, read without the store's lock. */
    private static final class Session {
        volatile Kept kept;

        Session(Kept kept) {
            this.kept = kept;
        }
    }

    /** A conversation as kept: its turns (at most {@code maxTurns}), version and end of life. */
    private record Kept(TailList<Turn> turns, long version, Instant expiresAt) {

        static final Kept NONE = new Kept(TailList.empty(), 0, Instant.MIN);

        /** The newest {@code maxTurns} of the turns and {@code turn}. */
        Kept with(Turn turn, int maxTurns, Instant expiresAt) {
            return new Kept(turns.append(turn, maxTurns), version + 1, expiresAt);
        }
    }

    private record Expiring<T>(T value, Instant expiresAt) {
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

    public InMemorySessionStore(int maxSessions, int maxTurns, Duration ttl, Clock clock) {
        this.maxTurns = maxTurns;
        this.ttl = ttl;
        this.clock = clock;
        this.sessions = lru(maxSessions);
        this.paused = lru(maxSessions);
    }

    @Override
    public Conversation conversation(String sessionId) {
        Kept kept = find(sessionId, clock.instant());
        return kept.version() == 0 ? Conversation.EMPTY : new Conversation(kept.turns(), kept.version());
    }

    @Override
    public boolean append(String sessionId, long expectedVersion, Turn turn) {
        Instant now = clock.instant();
        synchronized (this) {
            Session session = live(sessionId, now);
            Kept kept = session == null ? Kept.NONE : session.kept;
            if (kept.version() != expectedVersion) {
                return false;
            }
            install(sessionId, session, kept.with(turn, maxTurns, now.plus(ttl)));
            return true;
        }
    }

    /** Appends whatever the version: in one hold of the lock, so it never conflicts. */
    @Override
    public void append(String sessionId, Turn turn) {
        Instant now = clock.instant();
        synchronized (this) {
            Session session = live(sessionId, now);
            install(sessionId, session, (session == null ? Kept.NONE : session.kept).with(turn, maxTurns,
                    now.plus(ttl)));
        }
    }

    private Kept find(String sessionId, Instant now) {
        Session session;
        synchronized (this) {
            session = live(sessionId, now);
        }
        return session == null ? Kept.NONE : session.kept;
    }

    /** Called with the lock held. */
    private void install(String sessionId, Session session, Kept next) {
        if (session == null) {
            sessions.put(sessionId, new Session(next));
        } else {
            session.kept = next;
        }
    }

    @Override
    public synchronized boolean exists(String sessionId) {
        Instant now = clock.instant();
        if (live(sessionId, now) != null) {
            return true;
        }
        return paused.values().stream()
                .anyMatch(run -> run.value().sessionId().equals(sessionId) && run.expiresAt().isAfter(now));
    }

    @Override
    public synchronized void savePaused(PausedRun run) {
        paused.put(run.runId(), new Expiring<>(run, clock.instant().plus(ttl)));
    }

    @Override
    public synchronized Optional<PausedRun> claimPaused(String runId) {
        Expiring<PausedRun> run = paused.remove(runId);
        if (run == null || !run.expiresAt().isAfter(clock.instant())) {
            return Optional.empty();
        }
        return Optional.of(run.value());
    }

    private Session live(String sessionId, Instant now) {
        Session session = sessions.get(sessionId);
        if (session != null && !session.kept.expiresAt().isAfter(now)) {
            sessions.remove(sessionId);
            return null;
        }
        return session;
    }

    private static <V> Map<String, V> lru(int max) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > max;
            }
        };
    }
}
