package dev.agentport.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.Part;
import dev.agentport.agent.Turn;
import dev.agentport.json.Json;
import dev.agentport.session.McpSession;
import dev.agentport.session.PausedRun;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class StateJsonTest {

    private static final Instant AT = Instant.parse("2026-11-22T10:15:30.123456789Z");

    private static JsonNode roundTrip(ObjectNode node) {
        return StateJson.parse(StateJson.bytes(node), "test");
    }

    @Test
    void a_turn_reads_back_as_written() {
        Turn turn = new Turn(Json.object().put("message", "hi"), Json.object().put("reply", "hello"), AT);
        assertEquals(turn, StateJson.readTurn(roundTrip(StateJson.turn(turn))));
    }

    @Test
    void a_paused_run_reads_back_as_written() {
        PausedRun run = new PausedRun("run-1", "session-1", Json.object().put("message", "book it"),
                new Interrupt(List.of("approved"), Json.object().put("question", "book?"),
                        Json.object().put("step", 3)), AT);
        assertEquals(run, StateJson.readPausedRun(roundTrip(StateJson.pausedRun(run))));
    }

    @Test
    void a_task_reads_back_with_its_artifacts_history_metadata_and_exact_status_time() {
        A2aMessage question = new A2aMessage("m-1", "user", List.of(Part.text("hi"),
                Part.data(Json.object().put("k", 1))), "task-1", "ctx-1");
        A2aMessage answer = A2aMessage.agentText("m-2", "need more", "task-1", "ctx-1");
        Artifact file = new Artifact("a-1", "report.txt", "the report",
                List.of(Part.file("report.txt", "text/plain", "body".getBytes(StandardCharsets.UTF_8))),
                Json.object().put("pages", 2));
        A2aTask task = new A2aTask("task-1", "ctx-1", new TaskStatus(TaskState.INPUT_REQUIRED, answer, AT),
                List.of(file), Json.object().put("origin", "test"), List.of(question, answer));

        A2aTask read = StateJson.readTask(roundTrip(StateJson.task(task)));

        assertEquals(task.toJson(), read.toJson());
        assertEquals(AT, read.status().timestamp());
        Part.File part = (Part.File) read.artifacts().get(0).parts().get(0);
        assertArrayEquals("body".getBytes(StandardCharsets.UTF_8), part.bytes());
    }

    @Test
    void a_task_keeps_its_lease_expiry_beside_its_wire_form() {
        A2aTask task = new A2aTask("task-1", "ctx-1", new TaskStatus(TaskState.WORKING, null, AT), List.of(), null);
        Instant lease = AT.plusSeconds(30);
        JsonNode stored = roundTrip(StateJson.task(task, lease));

        assertEquals(lease, StateJson.readLeaseExpiry(stored));
        assertEquals(task.toJson(), StateJson.readTask(stored).toJson());
        assertEquals(1, stored.path("v").asInt());
    }

    @Test
    void a_task_written_before_leases_were_kept_reads_with_none() {
        A2aTask task = new A2aTask("task-1", "ctx-1", new TaskStatus(TaskState.WORKING, null, AT), List.of(), null);
        ObjectNode older = StateJson.task(task, AT);
        older.remove("leaseExpiry");
        assertEquals(null, StateJson.readLeaseExpiry(older));
        assertEquals(task.toJson(), StateJson.readTask(older).toJson());
    }

    @Test
    void an_mcp_session_reads_back_as_written() {
        McpSession session = new McpSession("s-1", "2025-11-25", "inspector", AT, Set.of("sampling", "roots"));
        assertEquals(session, StateJson.readMcpSession(roundTrip(StateJson.mcpSession(session))));
    }

    @Test
    void an_mcp_session_written_before_client_capabilities_were_kept_reads_with_none() {
        ObjectNode older = StateJson.mcpSession(new McpSession("s-1", "2025-11-25", "inspector", AT));
        older.remove("clientCapabilities");
        assertEquals(Set.of(), StateJson.readMcpSession(older).clientCapabilities());
    }

    @Test
    void every_document_carries_its_format_version() {
        assertEquals(StateJson.VERSION, StateJson.mcpSession(new McpSession("s", "2025-11-25", "", AT))
                .get("v").asInt());
    }

    @Test
    void a_document_of_a_later_format_is_a_store_failure_not_a_guess() {
        ObjectNode later = StateJson.mcpSession(new McpSession("s", "2025-11-25", "", AT));
        later.put("v", StateJson.VERSION + 1);
        assertThrows(StoreUnavailableException.class, () -> StateJson.readMcpSession(later));
    }

    @Test
    void unknown_fields_of_the_same_format_are_ignored() {
        ObjectNode stored = StateJson.mcpSession(new McpSession("s", "2025-11-25", "", AT));
        stored.put("addedLater", true);
        assertEquals("s", StateJson.readMcpSession(stored).id());
    }
}
