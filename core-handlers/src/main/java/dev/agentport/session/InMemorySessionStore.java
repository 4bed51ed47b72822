package dev.agentport.session;

import dev.agentport.agent.Turn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps sessions in this process's memory: right for a single server, a test or a demo. Bounded so that callers cannot
 * exhaust memory: at most {@code maxSessions} sessions (the least recently used is dropped first) and at most
 * {@code maxTurns} turns per session (the oldest is dropped first). Lost on restart, and not shared between Lambda or
 * Cloud Run instances: use a durable {@link SessionStore} there when conversations must survive.
 */
public final class InMemorySessionStore implements SessionStore {

    public static final int DEFAULT_MAX_SESSIONS = 10_000;
    public static final int DEFAULT_MAX_TURNS = 100;

    private final int maxTurns;
    private final Map<String, Session> sessions;

    private static final class Session {
        final List<Turn> turns = new ArrayList<>();
        PausedRun paused;
    }

    public InMemorySessionStore() {
        this(DEFAULT_MAX_SESSIONS, DEFAULT_MAX_TURNS);
    }

    public InMemorySessionStore(int maxSessions, int maxTurns) {
        this.maxTurns = maxTurns;
        this.sessions = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Session> eldest) {
                return size() > maxSessions;
            }
        });
    }

    @Override
    public List<Turn> history(String sessionId) {
        synchronized (sessions) {
            Session session = sessions.get(sessionId);
            return session == null ? List.of() : List.copyOf(session.turns);
        }
    }

    @Override
    public void append(String sessionId, Turn turn) {
        synchronized (sessions) {
            Session session = sessions.computeIfAbsent(sessionId, id -> new Session());
            session.turns.add(turn);
            if (session.turns.size() > maxTurns) {
                session.turns.remove(0);
            }
        }
    }

    @Override
    public boolean exists(String sessionId) {
        return sessions.containsKey(sessionId);
    }

    @Override
    public void savePaused(PausedRun run) {
        synchronized (sessions) {
            sessions.computeIfAbsent(run.threadId(), id -> new Session()).paused = run;
        }
    }

    @Override
    public Optional<PausedRun> takePaused(String threadId) {
        synchronized (sessions) {
            Session session = sessions.get(threadId);
            if (session == null || session.paused == null) {
                return Optional.empty();
            }
            PausedRun run = session.paused;
            session.paused = null;
            return Optional.of(run);
        }
    }
}
