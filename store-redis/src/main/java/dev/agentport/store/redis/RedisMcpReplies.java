package dev.agentport.store.redis;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.json.Json;
import dev.agentport.session.McpReplies;
import dev.agentport.store.StoreUnavailableException;
import redis.clients.jedis.params.SetParams;
import redis.clients.jedis.util.KeyValue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The client's answers to MCP server requests in Redis, so that an answer posted to any instance reaches the tool
 * waiting on another. {@code expect} opens a wait ({@code agentport:reply-wait:<id>}, with the time to live); a
 * deliver removes the wait and pushes the answer to {@code agentport:reply:<id>} in one script, so only one answer is
 * taken; the waiter takes it with {@code BLPOP}s in slices shorter than the pool's socket timeout, checking for
 * interruption between them, and closes the wait when it gives up.
 */
final class RedisMcpReplies implements McpReplies {

    /** One blocking pop: well under {@link RedisConnection#SOCKET_TIMEOUT}, and how late an interrupt may be seen. */
    static final Duration SLICE = Duration.ofMillis(500);

    private final RedisConnection redis;
    private final long ttlMillis;

    RedisMcpReplies(RedisConnection redis, Duration ttl) {
        this.redis = redis;
        this.ttlMillis = ttl.toMillis();
    }

    @Override
    public void expect(String id) {
        redis.call(jedis -> jedis.set(RedisKeys.REPLY_WAIT + id, "1", SetParams.setParams().px(ttlMillis)));
    }

    @Override
    public boolean deliver(String id, JsonNode response) {
        Object delivered = redis.run(RedisScript.DELIVER_REPLY, keys(id),
                List.of(Json.write(response), Long.toString(ttlMillis)));
        return Long.valueOf(1).equals(delivered);
    }

    @Override
    public Optional<JsonNode> await(String id, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + Math.max(0, timeout.toNanos());
        try {
            while (true) {
                if (Thread.interrupted()) {
                    throw new InterruptedException("the wait for " + id + " was interrupted");
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return close(id);
                }
                double seconds = Math.min(left, SLICE.toNanos()) / 1e9;
                KeyValue<String, String> popped = pop(id, Math.max(seconds, 0.001));
                if (popped != null) {
                    return Optional.of(parse(popped.getValue()));
                }
            }
        } catch (InterruptedException e) {
            forget(id);
            throw e;
        }
    }

    private KeyValue<String, String> pop(String id, double seconds) throws InterruptedException {
        try {
            return redis.call(jedis -> jedis.blpop(seconds, RedisKeys.REPLY + id));
        } catch (StoreUnavailableException e) {
            // On a virtual thread an interrupt closes the connection under the blocking pop.
            if (Thread.interrupted()) {
                throw new InterruptedException("the wait for " + id + " was interrupted");
            }
            throw e;
        }
    }

    private Optional<JsonNode> close(String id) {
        Object answer = redis.run(RedisScript.CLOSE_REPLY, keys(id), List.of());
        return answer instanceof String text ? Optional.of(parse(text)) : Optional.empty();
    }

    @Override
    public void forget(String id) {
        redis.call(jedis -> jedis.del(RedisKeys.REPLY_WAIT + id, RedisKeys.REPLY + id));
    }

    private static List<String> keys(String id) {
        return List.of(RedisKeys.REPLY_WAIT + id, RedisKeys.REPLY + id);
    }

    private static JsonNode parse(String text) {
        try {
            return Json.parse(RedisSessionStore.bytes(text));
        } catch (IOException e) {
            throw new StoreUnavailableException("a stored MCP reply is not JSON", e);
        }
    }
}
