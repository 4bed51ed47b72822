package dev.agentport.task;

import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WrittenTask;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Part;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules every {@link TaskStore} keeps, whatever its backend: a durable store's test extends this class and says
 * how to make a fresh store (and one whose entries expire quickly).
 */
public abstract class TaskStoreContract {

    /** A store with nothing in it. */
    protected abstract TaskStore newStore();

    /** A store whose entries live {@code ttl}. */
    protected abstract TaskStore newStore(Duration ttl);

    /** Lets time pass for a store made by {@link #newStore(Duration)}. */
    protected abstract void pass(Duration time) throws InterruptedException;

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    protected static A2aTask task(String id, String contextId, TaskState state, int second) {
        return new A2aTask(id, contextId, new TaskStatus(state, null, T0.plusSeconds(second)), List.of(), null);
    }

    @Test
    void an_unknown_task_is_empty() {
        assertTrue(newStore().get("nobody").isEmpty());
    }

    @Test
    void a_task_is_created_at_version_0_and_read_back_with_version_1() {
        TaskStore store = newStore();
        assertTrue(store.put(task("t", "c", TaskState.WORKING, 0), 0));
        StoredTask stored = store.get("t").orElseThrow();
        assertEquals(1, stored.version());
        assertEquals(TaskState.WORKING, stored.task().status().state());
    }

    @Test
    void creating_a_task_that_exists_changes_nothing() {
        TaskStore store = newStore();
        assertTrue(store.put(task("t", "c", TaskState.WORKING, 0), 0));
        assertFalse(store.put(task("t", "c", TaskState.COMPLETED, 1), 0));
        assertEquals(TaskState.WORKING, store.get("t").orElseThrow().task().status().state());
    }

    @Test
    void writing_against_an_old_version_changes_nothing() {
        TaskStore store = newStore();
        store.put(task("t", "c", TaskState.WORKING, 0), 0);
        assertTrue(store.put(task("t", "c", TaskState.CANCELED, 1), 1));
        assertFalse(store.put(task("t", "c", TaskState.COMPLETED, 2), 1));
        StoredTask stored = store.get("t").orElseThrow();
        assertEquals(TaskState.CANCELED, stored.task().status().state());
        assertEquals(2, stored.version());
    }

    @Test
    void of_concurrent_writes_against_one_version_exactly_one_wins() throws Exception {
        TaskStore store = newStore();
        store.put(task("race", "c", TaskState.WORKING, 0), 0);
        int writers = 20;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                int n = i;
                results.add(pool.submit(() -> {
                    start.await();
                    return store.put(task("race", "c", TaskState.COMPLETED, n), 1);
                }));
            }
            start.countDown();
            int won = 0;
            for (Future<Boolean> result : results) {
                won += result.get() ? 1 : 0;
            }
            assertEquals(1, won);
        } finally {
            pool.shutdownNow();
        }
    }

    private static final Instant LEASE = Instant.parse("2026-01-01T00:00:30.123456789Z");

    @Test
    void a_task_written_without_a_lease_reads_with_none() {
        TaskStore store = newStore();
        store.put(task("t", "c", TaskState.WORKING, 0), 0);
        assertNull(store.get("t").orElseThrow().leaseExpiry());
    }

    @Test
    void a_lease_is_stored_with_the_task_and_read_back_exactly_but_is_not_part_of_it() {
        TaskStore store = newStore();
        A2aTask task = task("t", "c", TaskState.WORKING, 0);
        assertTrue(store.put(task, 0, LEASE));
        StoredTask stored = store.get("t").orElseThrow();
        assertEquals(LEASE, stored.leaseExpiry());
        assertEquals(1, stored.version());
        assertEquals(task.toJson(), stored.task().toJson());
        assertFalse(store.list(new TaskQuery("c", null, 10, null)).tasks().getFirst().toJson().has("leaseExpiry"));
    }

    @Test
    void a_lease_is_renewed_only_against_the_version_read() {
        TaskStore store = newStore();
        A2aTask task = task("t", "c", TaskState.WORKING, 0);
        store.put(task, 0, LEASE);
        assertTrue(store.put(task, 1, LEASE.plusSeconds(10)));
        assertFalse(store.put(task, 1, LEASE.plusSeconds(20)));
        StoredTask stored = store.get("t").orElseThrow();
        assertEquals(LEASE.plusSeconds(10), stored.leaseExpiry());
        assertEquals(2, stored.version());
    }

    @Test
    void every_write_replaces_the_lease_and_one_without_clears_it() {
        TaskStore store = newStore();
        store.put(task("t", "c", TaskState.WORKING, 0), 0, LEASE);
        assertTrue(store.put(task("t", "c", TaskState.COMPLETED, 1), 1));
        StoredTask stored = store.get("t").orElseThrow();
        assertNull(stored.leaseExpiry());
        assertEquals(TaskState.COMPLETED, stored.task().status().state());
    }

    @Test
    void a_finished_task_reads_back_with_its_artifacts_history_metadata_and_exact_status_time() {
        TaskStore store = newStore();
        Instant at = T0.plusNanos(123_456_789);
        A2aMessage asked = new A2aMessage("m-1", "user", List.of(Part.text("hi"),
                Part.data(Json.object().put("k", 1))), "t", "c");
        Artifact report = new Artifact("a-1", "report.txt", "the report",
                List.of(Part.file("report.txt", "text/plain", "body".getBytes(StandardCharsets.UTF_8))),
                Json.object().put("pages", 2));
        A2aMessage why = A2aMessage.agentText("t-error", "it broke", "t", "c");
        for (TaskStatus status : List.of(new TaskStatus(TaskState.COMPLETED, null, at),
                new TaskStatus(TaskState.FAILED, why, at))) {
            A2aTask task = new A2aTask("t", "c", status, List.of(report),
                    Json.object().set("contextUsage", Json.object().put("turnCount", 1)), List.of(asked));
            long version = store.get("t").map(StoredTask::version).orElse(0L);
            assertTrue(store.put(task, version));

            A2aTask read = store.get("t").orElseThrow().task();
            assertEquals(task.toJson(), read.toJson());
            assertEquals(status, read.status());
            assertEquals(task.toJson(), store.list(new TaskQuery("c", null, 10, null)).tasks().getFirst().toJson());
        }
    }

    @Test
    void a_task_given_with_its_wire_form_is_written_conditionally_and_reads_back_as_the_task() {
        TaskStore store = newStore();
        A2aTask task = new A2aTask("t", "c", new TaskStatus(TaskState.COMPLETED, null, T0.plusNanos(5_000_001)),
                List.of(), Json.object().put("k", 1), List.of(new A2aMessage("m-1", "user", List.of(Part.text("hi")),
                "t", "c")));
        assertTrue(store.put(WrittenTask.of(task), 0));
        assertFalse(store.put(WrittenTask.of(task), 0));

        StoredTask stored = store.get("t").orElseThrow();
        assertEquals(1, stored.version());
        assertNull(stored.leaseExpiry());
        assertEquals(task.toJson(), stored.task().toJson());
        assertEquals(task.status(), stored.task().status());
    }

    @Test
    void a_task_expires_after_the_time_to_live_since_its_last_write() throws Exception {
        TaskStore store = newStore(Duration.ofSeconds(2));
        store.put(task("t", "c", TaskState.WORKING, 0), 0);
        pass(Duration.ofSeconds(1));
        store.put(task("t", "c", TaskState.COMPLETED, 1), 1);
        pass(Duration.ofMillis(1500));
        assertTrue(store.get("t").isPresent());
        pass(Duration.ofSeconds(1));
        assertTrue(store.get("t").isEmpty());
        assertEquals(0, store.list(new TaskQuery("c", null, 10, null)).totalSize());
    }

    @Test
    void listing_by_context_gives_that_context_only_newest_first() {
        TaskStore store = newStore();
        store.put(task("a", "ctx", TaskState.COMPLETED, 1), 0);
        store.put(task("b", "other", TaskState.COMPLETED, 2), 0);
        store.put(task("c", "ctx", TaskState.WORKING, 3), 0);
        TaskPage page = store.list(new TaskQuery("ctx", null, 10, null));
        assertEquals(List.of("c", "a"), page.tasks().stream().map(A2aTask::id).toList());
        assertEquals(2, page.totalSize());
        assertEquals("", page.nextPageToken());
    }

    @Test
    void listing_by_state_gives_tasks_in_that_state_only() {
        TaskStore store = newStore();
        store.put(task("a", "ctx", TaskState.COMPLETED, 1), 0);
        store.put(task("b", "ctx", TaskState.INPUT_REQUIRED, 2), 0);
        assertEquals(List.of("b"), store.list(new TaskQuery("ctx", TaskState.INPUT_REQUIRED, 10, null)).tasks()
                .stream().map(A2aTask::id).toList());
    }

    @Test
    void pages_cover_every_task_once_even_when_tasks_are_written_between_pages() {
        TaskStore store = newStore();
        for (int i = 0; i < 7; i++) {
            store.put(task("t" + i, "ctx", TaskState.COMPLETED, i), 0);
        }
        Set<String> seen = new HashSet<>();
        TaskPage page = store.list(new TaskQuery("ctx", null, 3, null));
        seen.addAll(page.tasks().stream().map(A2aTask::id).toList());
        store.put(task("late", "ctx", TaskState.COMPLETED, 100), 0);
        int pages = 1;
        while (!page.nextPageToken().isEmpty()) {
            page = store.list(new TaskQuery("ctx", null, 3, page.nextPageToken()));
            for (A2aTask task : page.tasks()) {
                assertTrue(seen.add(task.id()), "twice: " + task.id());
            }
            pages++;
        }
        assertEquals(3, pages);
        for (int i = 0; i < 7; i++) {
            assertTrue(seen.contains("t" + i));
        }
    }

    @Test
    void a_page_token_the_store_did_not_issue_is_refused() {
        assertThrows(IllegalArgumentException.class,
                () -> newStore().list(new TaskQuery(null, null, 10, "not-a-token")));
    }
}
