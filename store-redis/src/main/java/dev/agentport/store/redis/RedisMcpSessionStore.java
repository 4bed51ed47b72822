package dev.agentport.store.redis;

import dev.agentport.session.McpSession;
import dev.agentport.session.McpSessionStore;
import dev.agentport.store.StateJson;
import redis.clients.jedis.params.SetParams;

import java.time.Duration;
import java.util.Optional;

/**
 * MCP sessions in Redis, one document each ({@code agentport:mcp:<id>}): created with {@code SET NX} and the time to
 * live from when the session began, ended by the one {@code DEL} that removes it.
 */
final class RedisMcpSessionStore implements McpSessionStore {

    private final RedisConnection redis;
    private final long ttlMillis;

    RedisMcpSessionStore(RedisConnection redis, Duration ttl) {
        this.redis = redis;
        this.ttlMillis = ttl.toMillis();
    }

    @Override
    public boolean create(McpSession session) {
        String document = RedisSessionStore.text(StateJson.bytes(StateJson.mcpSession(session)));
        return "OK".equals(redis.call(jedis -> jedis.set(RedisKeys.MCP_SESSION + session.id(), document,
                SetParams.setParams().nx().px(ttlMillis))));
    }

    @Override
    public Optional<McpSession> find(String id) {
        String document = redis.call(jedis -> jedis.get(RedisKeys.MCP_SESSION + id));
        return document == null ? Optional.empty()
                : Optional.of(StateJson.readMcpSession(StateJson.parse(RedisSessionStore.bytes(document),
                        "MCP session")));
    }

    @Override
    public boolean end(String id) {
        return redis.call(jedis -> jedis.del(RedisKeys.MCP_SESSION + id)) == 1;
    }
}
