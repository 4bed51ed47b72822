package dev.agentport.task;

import dev.agentport.a2a.TaskState;
import dev.agentport.testing.MovableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

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
}
