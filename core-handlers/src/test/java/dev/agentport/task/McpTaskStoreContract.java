package dev.agentport.task;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules every {@link McpTaskStore} keeps, whatever its backend: a durable store's test extends this class and says
 * how to make a fresh store (and one whose tasks expire quickly).
 */
public abstract class McpTaskStoreContract {

    protected abstract McpTaskStore newStore();

    protected abstract McpTaskStore newStore(Duration ttl);

    /** Lets time pass for a store made by {@link #newStore(Duration)}. */
    protected abstract void pass(Duration time) throws InterruptedException;

    private static ObjectNode task(String status) {
        ObjectNode task = Json.object().put("id", "t1").put("status", status);
        task.putObject("answers").putObject("q1").put("action", "accept");
        return task;
    }

    @Test
    void a_created_task_is_read_back_as_written_with_version_1() {
        McpTaskStore store = newStore();
        assertTrue(store.put("t1", task("working"), 0));
        StoredMcpTask stored = store.get("t1").orElseThrow();
        assertEquals(task("working"), stored.task());
        assertEquals(1, stored.version());
    }

    @Test
    void a_task_is_created_only_once() {
        McpTaskStore store = newStore();
        assertTrue(store.put("t1", task("working"), 0));
        assertFalse(store.put("t1", task("completed"), 0));
        assertEquals("working", store.get("t1").orElseThrow().task().path("status").asText());
    }

    @Test
    void a_write_against_an_old_version_changes_nothing() {
        McpTaskStore store = newStore();
        store.put("t1", task("working"), 0);
        assertTrue(store.put("t1", task("input_required"), 1));
        assertFalse(store.put("t1", task("cancelled"), 1));
        StoredMcpTask stored = store.get("t1").orElseThrow();
        assertEquals("input_required", stored.task().path("status").asText());
        assertEquals(2, stored.version());
    }

    @Test
    void an_unknown_task_is_not_found() {
        assertTrue(newStore().get("nope").isEmpty());
    }

    @Test
    void of_concurrent_writes_against_one_version_exactly_one_wins() throws Exception {
        McpTaskStore store = newStore();
        store.put("t1", task("working"), 0);
        int callers = 16;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            List<Future<Boolean>> writes = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                String status = "status-" + i;
                writes.add(pool.submit(() -> {
                    start.await();
                    return store.put("t1", task(status), 1);
                }));
            }
            start.countDown();
            int won = 0;
            for (Future<Boolean> write : writes) {
                won += write.get() ? 1 : 0;
            }
            assertEquals(1, won);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_task_expires_after_the_time_to_live_since_its_last_write() throws Exception {
        McpTaskStore store = newStore(Duration.ofSeconds(2));
        assertEquals(Duration.ofSeconds(2), store.ttl());
        store.put("t1", task("working"), 0);
        pass(Duration.ofSeconds(1));
        store.put("t1", task("completed"), 1);
        pass(Duration.ofMillis(1500));
        assertTrue(store.get("t1").isPresent(), "the last write renewed the time to live");
        pass(Duration.ofSeconds(1));
        assertTrue(store.get("t1").isEmpty());
        assertTrue(store.put("t1", task("working"), 0), "an expired id may be used again");
    }

    /** The lease on a running MCP task rides in its document: a write keeps it, and a write without it drops it. */
    @Test
    void each_write_replaces_the_whole_document_so_a_lease_beside_the_task_is_kept_then_dropped() {
        McpTaskStore store = newStore();
        assertTrue(store.put("t1", task("working").put("leaseExpiry", "2026-01-01T00:00:30Z"), 0));
        assertEquals("2026-01-01T00:00:30Z", store.get("t1").orElseThrow().task().path("leaseExpiry").asText());

        assertTrue(store.put("t1", task("completed"), 1));

        assertFalse(store.get("t1").orElseThrow().task().has("leaseExpiry"));
    }
}
