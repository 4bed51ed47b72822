package dev.agentport.session;

import dev.agentport.store.ExpiringLruMap;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Keeps MCP sessions in this process's memory with the semantics of a durable store (create-if-new, end-once, a time
 * to live since the session began). Right for one server, a test or a demo; not shared between instances. Bounded: past {@code maxSessions}
 * the least recently used session goes first.
 */
public final class InMemoryMcpSessionStore implements McpSessionStore {

    public static final int DEFAULT_MAX_SESSIONS = 10_000;

    private final long ttlNanos;
    private final Clock clock;
    private final ExpiringLruMap<Kept> sessions;

    private static final class Kept extends ExpiringLruMap.Entry {
        private final McpSession session;

        Kept(McpSession session, long expiresAt) {
            this.session = session;
            expiresAt(expiresAt);
        }
    }

    public InMemoryMcpSessionStore(Duration ttl) {
        this(DEFAULT_MAX_SESSIONS, ttl, Clock.systemUTC());
    }

    public InMemoryMcpSessionStore(int maxSessions, Duration ttl, Clock clock) {
        this.ttlNanos = Lifetimes.nanos(ttl);
        this.clock = clock;
        this.sessions = new ExpiringLruMap<>(maxSessions);
    }

    @Override
    public boolean create(McpSession session) {
        long now = Lifetimes.now(clock);
        synchronized (sessions) {
            if (sessions.get(session.id(), now) != null) {
                return false;
            }
            sessions.put(session.id(), new Kept(session, Lifetimes.endOfLife(now, ttlNanos)));
            return true;
        }
    }

    @Override
    public Optional<McpSession> find(String id) {
        long now = Lifetimes.now(clock);
        synchronized (sessions) {
            Kept kept = sessions.get(id, now);
            return kept == null ? Optional.empty() : Optional.of(kept.session);
        }
    }

    @Override
    public boolean end(String id) {
        long now = Lifetimes.now(clock);
        synchronized (sessions) {
            return sessions.remove(id, now) != null;
        }
    }
}
