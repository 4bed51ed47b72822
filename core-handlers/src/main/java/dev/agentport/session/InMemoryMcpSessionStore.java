package dev.agentport.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps MCP sessions in this process's memory with the semantics of a durable store (create-if-new, end-once, a time
 * to live since the session began). Right for one server, a test or a demo; not shared between instances. Bounded: past {@code maxSessions}
 * the least recently used session goes first.
 */
public final class InMemoryMcpSessionStore implements McpSessionStore {

    public static final int DEFAULT_MAX_SESSIONS = 10_000;

    private final Duration ttl;
    private final Clock clock;
    private final Map<String, Kept> sessions;

    private record Kept(McpSession session, Instant expiresAt) {
    }

    public InMemoryMcpSessionStore(Duration ttl) {
        this(DEFAULT_MAX_SESSIONS, ttl, Clock.systemUTC());
    }

    public InMemoryMcpSessionStore(int maxSessions, Duration ttl, Clock clock) {
        this.ttl = ttl;
        this.clock = clock;
        this.sessions = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Kept> eldest) {
                return size() > maxSessions;
            }
        });
    }

    @Override
    public boolean create(McpSession session) {
        synchronized (sessions) {
            if (live(sessions.get(session.id())) != null) {
                return false;
            }
            sessions.put(session.id(), new Kept(session, clock.instant().plus(ttl)));
            return true;
        }
    }

    @Override
    public Optional<McpSession> find(String id) {
        synchronized (sessions) {
            return Optional.ofNullable(live(sessions.get(id)));
        }
    }

    @Override
    public boolean end(String id) {
        synchronized (sessions) {
            return live(sessions.remove(id)) != null;
        }
    }

    private McpSession live(Kept kept) {
        return kept != null && clock.instant().isBefore(kept.expiresAt()) ? kept.session() : null;
    }
}
