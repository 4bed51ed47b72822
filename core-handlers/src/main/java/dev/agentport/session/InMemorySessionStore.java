package dev.agentport.session;

import dev.agentport.agent.Turn;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps conversations and paused runs in this process's memory, with the same semantics a durable store has
 * (versioned appends, claim-once paused runs, a time to live). Right for a single server, a test or a demo; lost on
 * restart and not shared between instances. Bounded so that callers cannot exhaust memory: at most {@code maxSessions}
 * conversations and as many paused runs (the least recently used go first), and at most {@code maxTurns} turns per
 * conversation (the oldest go first). A conversation's turns are copied once per append, when next read, and that
 * copy is shared by the reads until the next append.
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

    private static final class Session {
        final ArrayDeque<Turn> turns = new ArrayDeque<>();
        long version;
        Instant expiresAt;
        /** The turns as last read, shared by every read until the next append; null when not made yet. */
        List<Turn> read;

        List<Turn> read() {
            if (read == null) {
                read = List.copyOf(turns);
            }
            return read;
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
    public synchronized Conversation conversation(String sessionId) {
        Session session = live(sessionId);
        return session == null ? Conversation.EMPTY : new Conversation(session.read(), session.version);
    }

    @Override
    public synchronized boolean append(String sessionId, long expectedVersion, Turn turn) {
        Session session = live(sessionId);
        long version = session == null ? 0 : session.version;
        if (version != expectedVersion) {
            return false;
        }
        add(sessionId, session, turn);
        return true;
    }

    /** Appends whatever the version: under this store's lock no other turn can come between, so nothing is retried. */
    @Override
    public synchronized void append(String sessionId, Turn turn) {
        add(sessionId, live(sessionId), turn);
    }

    private void add(String sessionId, Session session, Turn turn) {
        if (session == null) {
            session = new Session();
            sessions.put(sessionId, session);
        }
        session.turns.addLast(turn);
        if (session.turns.size() > maxTurns) {
            session.turns.removeFirst();
        }
        session.read = null;
        session.version++;
        session.expiresAt = clock.instant().plus(ttl);
    }

    @Override
    public synchronized boolean exists(String sessionId) {
        if (live(sessionId) != null) {
            return true;
        }
        Instant now = clock.instant();
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

    private Session live(String sessionId) {
        Session session = sessions.get(sessionId);
        if (session != null && !session.expiresAt.isAfter(clock.instant())) {
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
