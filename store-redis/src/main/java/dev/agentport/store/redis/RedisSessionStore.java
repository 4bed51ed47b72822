package dev.agentport.store.redis;

import dev.agentport.agent.Turn;
import dev.agentport.session.Conversation;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.session.PausedRun;
import dev.agentport.session.SessionStore;
import dev.agentport.store.StateJson;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Conversations and paused runs in Redis. A conversation is its version ({@code agentport:conv:<id>}) and its last
 * {@code maxTurns} turns ({@code agentport:turns:<id>}), appended by one script against the version; a paused run is
 * one document ({@code agentport:paused:<runId>}) claimed by one script that reads and deletes it. Every write renews
 * the time to live of what it wrote.
 */
final class RedisSessionStore implements SessionStore {

    private final RedisConnection redis;
    private final String ttlMillis;
    private final int maxTurns;

    RedisSessionStore(RedisConnection redis, Duration ttl) {
        this(redis, ttl, InMemorySessionStore.DEFAULT_MAX_TURNS);
    }

    RedisSessionStore(RedisConnection redis, Duration ttl, int maxTurns) {
        this.redis = redis;
        this.ttlMillis = Long.toString(ttl.toMillis());
        this.maxTurns = maxTurns;
    }

    @Override
    public Conversation conversation(String sessionId) {
        List<?> stored = (List<?>) redis.run(RedisScript.CONVERSATION,
                List.of(RedisKeys.CONVERSATION + sessionId, RedisKeys.TURNS + sessionId), List.of());
        if (stored.isEmpty()) {
            return Conversation.EMPTY;
        }
        List<Turn> turns = new ArrayList<>(stored.size() - 1);
        for (Object turn : stored.subList(1, stored.size())) {
            turns.add(StateJson.readTurn(StateJson.parse(bytes(turn), "turn")));
        }
        return new Conversation(turns, Long.parseLong((String) stored.getFirst()));
    }

    @Override
    public boolean append(String sessionId, long expectedVersion, Turn turn) {
        Object appended = redis.run(RedisScript.APPEND,
                List.of(RedisKeys.CONVERSATION + sessionId, RedisKeys.TURNS + sessionId),
                List.of(Long.toString(expectedVersion), text(StateJson.bytes(StateJson.turn(turn))),
                        Integer.toString(maxTurns), ttlMillis));
        return Long.valueOf(1).equals(appended);
    }

    @Override
    public boolean exists(String sessionId) {
        return Long.valueOf(1).equals(redis.run(RedisScript.EXISTS,
                List.of(RedisKeys.CONVERSATION + sessionId, RedisKeys.PAUSED_IN + sessionId),
                List.of(RedisKeys.PAUSED)));
    }

    @Override
    public void savePaused(PausedRun run) {
        redis.run(RedisScript.SAVE_PAUSED,
                List.of(RedisKeys.PAUSED + run.runId(), RedisKeys.PAUSED_IN + run.sessionId()),
                List.of(text(StateJson.bytes(StateJson.pausedRun(run))), run.runId(), ttlMillis));
    }

    @Override
    public Optional<PausedRun> claimPaused(String runId) {
        Object claimed = redis.run(RedisScript.CLAIM, List.of(RedisKeys.PAUSED + runId), List.of());
        return claimed == null ? Optional.empty()
                : Optional.of(StateJson.readPausedRun(StateJson.parse(bytes(claimed), "paused run")));
    }

    static String text(byte[] document) {
        return new String(document, StandardCharsets.UTF_8);
    }

    static byte[] bytes(Object reply) {
        return ((String) reply).getBytes(StandardCharsets.UTF_8);
    }
}
