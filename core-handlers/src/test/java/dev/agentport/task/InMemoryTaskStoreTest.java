package dev.agentport.task;

import dev.agentport.a2a.TaskState;
import dev.agentport.testing.MovableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The store contract on the in-memory store, plus its bound. */
class InMemoryTaskStoreTest extends TaskStoreContract {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-01-01T00:00:00Z"));

    @Override
    protected TaskStore newStore() {
        return new InMemoryTaskStore();
    }

    @Override
    protected TaskStore newStore(Duration ttl) {
        return new InMemoryTaskStore(100, ttl, clock);
    }

    @Override
    protected void pass(Duration time) {
        clock.pass(time);
    }

    @Test
    void the_least_recently_used_task_goes_first_past_the_bound() {
        TaskStore store = new InMemoryTaskStore(2, Duration.ofDays(1), clock);
        store.put(task("a", "c", TaskState.COMPLETED, 0), 0);
        store.put(task("b", "c", TaskState.COMPLETED, 1), 0);
        store.get("a");
        store.put(task("c", "c", TaskState.COMPLETED, 2), 0);
        assertTrue(store.get("a").isPresent());
        assertTrue(store.get("b").isEmpty());
    }

    @Test
    void tasks_and_contexts_named_by_uuids_are_listed_and_read_by_their_exact_ids() {
        TaskStore store = newStore();
        String context = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
        String task = UUID.randomUUID().toString();
        store.put(task(task, context, TaskState.COMPLETED, 1), 0);
        store.put(task("b", context.toUpperCase(), TaskState.COMPLETED, 2), 0);
        store.put(task("c", null, TaskState.COMPLETED, 3), 0);

        assertEquals(task, store.get(task).orElseThrow().task().id());
        assertEquals(List.of(task), ids(store.list(new TaskQuery(context, null, 10, null))));
        assertEquals(List.of("b"), ids(store.list(new TaskQuery(context.toUpperCase(), null, 10, null))));
        assertEquals(List.of("c", "b", task), ids(store.list(new TaskQuery(null, null, 10, null))));
    }

    private static List<String> ids(TaskPage page) {
        return page.tasks().stream().map(t -> t.id()).toList();
    }
}
