package dev.agentport.task;

import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.Part;
import dev.agentport.runtime.Settings;
import dev.agentport.testing.MovableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TaskLeasesTest {

    private final MovableClock clock = new MovableClock();
    private final InMemoryTaskStore store = new InMemoryTaskStore(100, Duration.ofDays(1), clock);
    private final TaskLeases leases = new TaskLeases(store, clock, TaskLeases.DEFAULT_TERM);

    private A2aTask task(String id, TaskState state) {
        return new A2aTask(id, "ctx", new TaskStatus(state, null, clock.instant()), List.of(), null);
    }

    private void storeRunning(String id) {
        assertTrue(store.put(task(id, TaskState.WORKING), 0, leases.expiry()));
    }

    @Test
    void the_term_is_30_seconds_renewed_every_10_unless_the_setting_says_otherwise() {
        assertEquals(Duration.ofSeconds(30), TaskLeases.term(Settings.empty()));
        assertEquals(Duration.ofSeconds(10), leases.renewEvery());
        assertEquals(Duration.ofSeconds(6), TaskLeases.term(Settings.of(Map.of(TaskLeases.VARIABLE, "6"))));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> TaskLeases.term(Settings.of(Map.of(TaskLeases.VARIABLE, "1"))));
        assertTrue(refused.getMessage().contains(TaskLeases.VARIABLE), refused.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> TaskLeases.term(Settings.of(Map.of(TaskLeases.VARIABLE, "soon"))));
    }

    @Test
    void a_running_task_whose_lease_lapsed_is_stored_failed_and_read_so() {
        storeRunning("t");
        clock.pass(Duration.ofSeconds(29));
        assertEquals(TaskState.WORKING, leases.get("t").orElseThrow().task().status().state());

        clock.pass(Duration.ofSeconds(1));
        StoredTask read = leases.get("t").orElseThrow();
        assertEquals(TaskState.FAILED, read.task().status().state());
        assertEquals(TaskLeases.STOPPED, ((Part.Text) read.task().status().message().parts().getFirst()).text());
        StoredTask stored = store.get("t").orElseThrow();
        assertEquals(read.task().toJson(), stored.task().toJson());
        assertEquals(2, stored.version());
        assertNull(stored.leaseExpiry());
    }

    @Test
    void a_renewed_lease_does_not_lapse() {
        storeRunning("t");
        clock.pass(Duration.ofSeconds(20));
        assertTrue(leases.renew("t"));
        clock.pass(Duration.ofSeconds(20));
        assertEquals(TaskState.WORKING, leases.get("t").orElseThrow().task().status().state());
        assertEquals(clock.instant().plusSeconds(10), store.get("t").orElseThrow().leaseExpiry());
    }

    @Test
    void a_held_task_renews_when_due_and_its_own_instance_never_fails_it() {
        storeRunning("t");
        try (Leases.Held held = leases.hold("t")) {
            clock.pass(Duration.ofSeconds(9));
            held.renewIfDue();
            assertEquals(1, store.get("t").orElseThrow().version());
            clock.pass(Duration.ofSeconds(1));
            held.renewIfDue();
            assertEquals(clock.instant().plus(TaskLeases.DEFAULT_TERM), store.get("t").orElseThrow().leaseExpiry());

            clock.pass(Duration.ofMinutes(5));
            assertEquals(TaskState.WORKING, leases.get("t").orElseThrow().task().status().state());
        }
        assertEquals(TaskState.FAILED, leases.get("t").orElseThrow().task().status().state());
    }

    @Test
    void an_ended_task_is_not_renewed_nor_failed() {
        storeRunning("t");
        assertTrue(store.put(task("t", TaskState.CANCELED), 1));
        assertFalse(leases.renew("t"));
        clock.pass(Duration.ofMinutes(1));
        assertEquals(TaskState.CANCELED, leases.get("t").orElseThrow().task().status().state());
        assertFalse(leases.renew("unknown"));
    }

    @Test
    void a_task_stored_without_a_lease_never_lapses() {
        assertTrue(store.put(task("old", TaskState.WORKING), 0));
        clock.pass(Duration.ofHours(1));
        assertEquals(TaskState.WORKING, leases.get("old").orElseThrow().task().status().state());
    }

    @Test
    void a_listing_shows_lapsed_tasks_failed_and_filters_by_what_they_are_now() {
        storeRunning("lapsed");
        clock.pass(Duration.ofSeconds(31));
        storeRunning("fresh");

        TaskPage working = leases.list(new TaskQuery("ctx", TaskState.WORKING, 10, null));
        assertEquals(List.of("fresh"), working.tasks().stream().map(A2aTask::id).toList());
        assertEquals(1, working.totalSize());
        TaskPage failed = leases.list(new TaskQuery("ctx", TaskState.FAILED, 10, null));
        assertEquals(List.of("lapsed"), failed.tasks().stream().map(A2aTask::id).toList());
    }
}
