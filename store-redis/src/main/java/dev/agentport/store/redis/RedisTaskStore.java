package dev.agentport.store.redis;

import dev.agentport.a2a.A2aTask;
import dev.agentport.store.StateJson;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskPage;
import dev.agentport.task.TaskQuery;
import dev.agentport.task.TaskStore;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A2A tasks in Redis: each a hash of its document and version ({@code agentport:task:<id>}), written by one script
 * against the version that also indexes it by status time, in its context ({@code agentport:context:<contextId>}) and
 * among all tasks ({@code agentport:tasks}). Listing reads an index's live tasks in one script and pages them here.
 */
final class RedisTaskStore implements TaskStore {

    private final RedisConnection redis;
    private final String ttlMillis;

    RedisTaskStore(RedisConnection redis, Duration ttl) {
        this.redis = redis;
        this.ttlMillis = Long.toString(ttl.toMillis());
    }

    @Override
    public Optional<StoredTask> get(String taskId) {
        Map<String, String> stored = redis.call(jedis -> jedis.hgetAll(RedisKeys.TASK + taskId));
        String document = stored.get("doc");
        if (document == null) {
            return Optional.empty();
        }
        JsonNode doc = parse(document);
        return Optional.of(new StoredTask(StateJson.readTask(doc), Long.parseLong(stored.getOrDefault("version", "0")),
                StateJson.readLeaseExpiry(doc)));
    }

    @Override
    public boolean put(A2aTask task, long expectedVersion, Instant leaseExpiry) {
        List<String> keys = new ArrayList<>(List.of(RedisKeys.TASK + task.id(), RedisKeys.ALL_TASKS,
                RedisKeys.TASK_EXPIRY));
        if (task.contextId() != null) {
            keys.add(RedisKeys.CONTEXT + task.contextId());
        }
        Object written = redis.run(RedisScript.PUT_TASK, keys, List.of(Long.toString(expectedVersion),
                RedisSessionStore.text(StateJson.bytes(StateJson.task(task, leaseExpiry))), RedisPageToken.of(task).score(),
                task.id(), ttlMillis, RedisKeys.TASK));
        return Long.valueOf(1).equals(written);
    }

    @Override
    public TaskPage list(TaskQuery query) {
        RedisPageToken after = query.pageToken() == null ? null : RedisPageToken.decode(query.pageToken());
        String index = query.contextId() == null ? RedisKeys.ALL_TASKS : RedisKeys.CONTEXT + query.contextId();
        List<?> documents = (List<?>) redis.run(RedisScript.LIST_TASKS, List.of(index), List.of(RedisKeys.TASK));
        List<A2aTask> matching = new ArrayList<>();
        for (Object document : documents) {
            A2aTask task = read((String) document);
            if ((query.contextId() == null || query.contextId().equals(task.contextId()))
                    && (query.state() == null || query.state() == task.status().state())) {
                matching.add(task);
            }
        }
        matching.sort(Comparator.comparing(RedisPageToken::of, RedisPageToken.ORDER));
        List<A2aTask> page = new ArrayList<>();
        for (A2aTask task : matching) {
            if (after == null || RedisPageToken.ORDER.compare(RedisPageToken.of(task), after) > 0) {
                page.add(task);
                if (page.size() == query.pageSize()) {
                    break;
                }
            }
        }
        boolean more = !page.isEmpty() && page.getLast() != matching.getLast();
        return new TaskPage(page, more ? RedisPageToken.of(page.getLast()).encode() : "", matching.size());
    }

    private static A2aTask read(String document) {
        return StateJson.readTask(parse(document));
    }

    private static JsonNode parse(String document) {
        return StateJson.parse(RedisSessionStore.bytes(document), "task");
    }
}
