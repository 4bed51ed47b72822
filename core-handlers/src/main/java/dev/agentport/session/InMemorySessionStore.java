package dev.agentport.session;

import dev.agentport.agent.Turn;

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
 * mark it used): its turns are an immutable list, replaced whole by an append, which a read hands out as it is and an
 * append copies outside the lock, then installs only if no other turn came between.
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

    /** A conversation's place in the store; its turns are replaced whole, and read without the store's lock. */
    private static final class Session {
        volatile Kept kept;

        Session(Kept kept) {
            this.kept = kept;
        }
    }

    /** A conversation as kept: its turns (at most {@code maxTurns}), version and end of life. */
    private record Kept(List<Turn> turns, long version, Instant expiresAt) {

        static final Kept NONE = new Kept(List.of(), 0, Instant.MIN);

        /** The newest {@code maxTurns} of the turns and {@code turn}. */
        Kept with(Turn turn, int maxTurns, Instant expiresAt) {
            Turn[] newest = new Turn[Math.max(0, Math.min(turns.size() + 1, maxTurns))];
            int from = turns.size() + 1 - newest.length;
            for (int i = 0; i < newest.length; i++) {
                newest[i] = from + i < turns.size() ? turns.get(from + i) : turn;
            }
            return new Kept(List.of(newest), version + 1, expiresAt);
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
        Kept kept = find(sessionId, clock.instant()).kept();
        return kept.version() == 0 ? Conversation.EMPTY : new Conversation(kept.turns(), kept.version());
    }

    @Override
    public boolean append(String sessionId, long expectedVersion, Turn turn) {
        Instant now = clock.instant();
        while (true) {
            Found found = find(sessionId, now);
            if (found.kept().version() != expectedVersion) {
                return false;
            }
            if (install(sessionId, found, found.kept().with(turn, maxTurns, now.plus(ttl)), now)) {
                return true;
            }
        }
    }

    /** Appends whatever the version: only a turn that came between is retried over, never a conflict returned. */
    @Override
    public void append(String sessionId, Turn turn) {
        Instant now = clock.instant();
        while (true) {
            Found found = find(sessionId, now);
            if (install(sessionId, found, found.kept().with(turn, maxTurns, now.plus(ttl)), now)) {
                return;
            }
        }
    }

    /** A conversation as found: its place (null when unknown or expired) and what it kept then. */
    private record Found(Session session, Kept kept) {
    }

    private Found find(String sessionId, Instant now) {
        Session session;
        synchronized (this) {
            session = live(sessionId, now);
        }
        return session == null ? new Found(null, Kept.NONE) : new Found(session, session.kept);
    }

    /** Installs {@code next} if the conversation is still as {@code found}; false when something came between. */
    private boolean install(String sessionId, Found found, Kept next, Instant now) {
        synchronized (this) {
            Session session = live(sessionId, now);
            if (session != found.session() || session != null && session.kept != found.kept()) {
                return false;
            }
            if (session == null) {
                sessions.put(sessionId, new Session(next));
            } else {
                session.kept = next;
            }
            return true;
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
