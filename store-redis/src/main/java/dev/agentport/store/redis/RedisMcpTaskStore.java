package dev.agentport.store.redis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.store.StateJson;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.task.McpTaskStore;
import dev.agentport.task.StoredMcpTask;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * MCP tasks in Redis: each a hash of its document and version ({@code agentport:mcp-task:<id>}), written by one
 * script against the version, kept for the time to live since the last write.
 */
final class RedisMcpTaskStore implements McpTaskStore {

    private final RedisConnection redis;
    private final Duration ttl;

    RedisMcpTaskStore(RedisConnection redis, Duration ttl) {
        this.redis = redis;
        this.ttl = ttl;
    }

    @Override
    public Optional<StoredMcpTask> get(String taskId) {
        Map<String, String> stored = redis.call(jedis -> jedis.hgetAll(RedisKeys.MCP_TASK + taskId));
        String document = stored.get("doc");
        if (document == null) {
            return Optional.empty();
        }
        JsonNode doc = StateJson.parse(RedisSessionStore.bytes(document), "MCP task");
        if (!(doc instanceof ObjectNode task)) {
            throw new StoreUnavailableException("the stored MCP task " + taskId + " is not an object");
        }
        return Optional.of(new StoredMcpTask(task, Long.parseLong(stored.getOrDefault("version", "0"))));
    }

    @Override
    public boolean put(String taskId, ObjectNode task, long expectedVersion) {
        Object written = redis.run(RedisScript.PUT_MCP_TASK, List.of(RedisKeys.MCP_TASK + taskId),
                List.of(Long.toString(expectedVersion), RedisSessionStore.text(StateJson.bytes(task)),
                        Long.toString(ttl.toMillis())));
        return Long.valueOf(1).equals(written);
    }

    @Override
    public Duration ttl() {
        return ttl;
    }
}
