package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import dev.agentport.store.StateStores;
import dev.agentport.task.InMemoryMcpTaskStore;
import dev.agentport.task.Leases;
import dev.agentport.testing.MovableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A task whose instance died, as instances on one task store see it: once its lease lapses, any instance reads it as
 * failed; a task whose instance holds and renews its lease stays working, and one waiting for input has no lease.
 */
class McpTaskLeaseRulesTest {

    private final MovableClock clock = new MovableClock();
    private final InMemoryMcpTaskStore store = new InMemoryMcpTaskStore(1000, Duration.ofHours(1), clock);
    private final TaskBook running = instance();
    private final TaskBook other = instance();

    private TaskBook instance() {
        return new TaskBook(store, new Leases(clock, Leases.DEFAULT_TERM));
    }

    private McpTask created(String taskId) {
        McpTask task = McpTask.working(taskId, clock.instant(), "quick", Json.object(),
                new McpScope(Modern.VERSION, true, null), Set.of());
        running.create(task);
        return task;
    }

    @Test
    void a_working_task_whose_lease_lapsed_reads_as_failed_saying_its_instance_stopped() {
        McpTask task = created("t-lapsed");
        clock.pass(Duration.ofSeconds(29));
        assertEquals(McpTask.WORKING, other.find(task.id()).orElseThrow().status());

        clock.pass(Duration.ofSeconds(2));
        McpTask read = other.find(task.id()).orElseThrow();
        assertEquals(McpTask.FAILED, read.status());
        assertEquals(Leases.STOPPED, read.statusMessage());
        assertEquals(McpError.INTERNAL_ERROR, read.error().path("code").asInt(), read.error().toString());
        assertEquals(McpTask.FAILED, store.get(task.id()).orElseThrow().task().path("status").asText(),
                "stored failed, for every instance");
    }

    @Test
    void a_task_its_instance_holds_never_lapses_there() {
        McpTask task = created("t-held");
        try (var held = running.hold(task.id())) {
            clock.pass(Duration.ofMinutes(5));
            assertEquals(McpTask.WORKING, running.find(task.id()).orElseThrow().status());
        }
    }

    @Test
    void a_lease_renewed_when_due_keeps_the_task_working_on_every_instance() {
        McpTask task = created("t-renewed");
        try (var held = running.hold(task.id())) {
            clock.pass(Duration.ofSeconds(11));
            held.renewIfDue();
            clock.pass(Duration.ofSeconds(25));
            assertEquals(McpTask.WORKING, other.find(task.id()).orElseThrow().status());
        }
    }

    @Test
    void a_task_waiting_for_input_has_no_lease_and_never_lapses() {
        McpTask task = created("t-asking");
        running.settle(task.id(), current -> current.moved(McpTask.INPUT_REQUIRED, "asks", clock.instant(), null,
                Json.object().set("q", Json.object()), null, null));
        clock.pass(Duration.ofMinutes(5));
        assertEquals(McpTask.INPUT_REQUIRED, other.find(task.id()).orElseThrow().status());
    }

    @Test
    void tasks_get_answers_a_task_whose_instance_died_as_failed() throws Exception {
        StateStores stores = StateStores.inMemory(Duration.ofHours(1));
        TaskTesting server = TaskTesting.core(Map.of(), stores);
        McpTask task = McpTask.working("t-dead", Instant.now(), "quick", Json.object(),
                new McpScope(Modern.VERSION, true, null), Set.of(McpTasks.EXTENSION));
        ObjectNode leftBehind = task.document().put(TaskBook.LEASE, Instant.now().minusSeconds(1).toString());
        assertTrue(stores.mcpTasks().put(task.id(), leftBehind, 0));

        JsonNode read = server.tasks(McpTasks.GET, task.id(), true).json().path("result");

        assertEquals(McpTask.FAILED, read.path("status").asText(), read.toString());
        assertEquals(Leases.STOPPED, read.path("statusMessage").asText(), read.toString());
        assertEquals(McpError.INTERNAL_ERROR, read.at("/error/code").asInt(), read.toString());
    }
}
