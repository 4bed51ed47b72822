package dev.agentport.core;

import dev.agentport.AgentPort;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.contract.SseEvent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.FailingStores;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.agentport.testing.FailingStores.Operation.APPEND_TURN;
import static dev.agentport.testing.FailingStores.Operation.CLAIM_PAUSED;
import static dev.agentport.testing.FailingStores.Operation.READ_CONVERSATION;
import static dev.agentport.testing.FailingStores.Operation.SAVE_PAUSED;
import static dev.agentport.testing.OutageAnswers.MESSAGE;
import static dev.agentport.testing.OutageAnswers.assertNothingLeaks;
import static dev.agentport.testing.OutageAnswers.assertUnavailable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The AgentBreeder face when the state store fails: 503 SERVICE_UNAVAILABLE, and never a turn it did not keep. */
class StoreOutageRulesTest {

    private final FailingStores store = new FailingStores();
    private final InProcessTarget target = new InProcessTarget(AgentPort.builder()
            .agent(new DefaultAgent(Duration.ZERO)).config(RuntimeConfig.fromEnvironment(Map.of()))
            .stateStores(store.stores()).build());

    private Exchange invoke(String input, String session) throws Exception {
        return target.send(CaseRequest.post("/invoke")
                .json("{\"input\":\"" + input + "\",\"session_id\":\"" + session + "\"}").build());
    }

    private static void assertServiceUnavailable(Exchange answer) {
        assertUnavailable(answer);
        assertEquals("SERVICE_UNAVAILABLE", answer.json().at("/error/code").asText());
        assertEquals(MESSAGE, answer.json().at("/error/message").asText());
        assertTrue(answer.json().hasNonNull("trace_id"));
        assertEquals("1", answer.header("X-Runtime-Contract-Version"));
    }

    @Test
    void invoke_is_503_service_unavailable_when_the_history_cannot_be_read() throws Exception {
        store.fail(READ_CONVERSATION);
        assertServiceUnavailable(invoke("hello", "s-1"));
    }

    @Test
    void invoke_whose_turn_cannot_be_appended_is_503_and_not_the_agents_answer() throws Exception {
        store.fail(APPEND_TURN);
        Exchange answer = invoke("hello", "s-2");
        assertServiceUnavailable(answer);
        assertFalse(answer.text().contains("You said"));
        assertTrue(store.memory().sessions().history("s-2").isEmpty());
    }

    @Test
    void a_pause_that_cannot_be_saved_is_503_and_not_reported_as_resumable() throws Exception {
        store.fail(SAVE_PAUSED);
        Exchange answer = invoke("please approve", "s-3");
        assertServiceUnavailable(answer);
        assertFalse(answer.text().contains("interrupted"));
        assertTrue(store.memory().sessions().claimPaused("s-3").isEmpty());
    }

    @Test
    void a_pause_whose_turn_cannot_be_appended_is_withdrawn() throws Exception {
        store.fail(APPEND_TURN);
        assertServiceUnavailable(invoke("please approve", "s-4"));
        store.heal();
        Exchange resume = target.send(CaseRequest.post("/resume")
                .json("{\"thread_id\":\"s-4\",\"human_input\":\"yes\"}").build());
        assertEquals(404, resume.status());
        assertEquals("THREAD_NOT_FOUND", resume.json().at("/error/code").asText());
    }

    @Test
    void resume_is_503_when_the_paused_run_cannot_be_claimed_and_the_run_stays_paused() throws Exception {
        assertEquals(200, invoke("please approve", "s-5").status());
        store.fail(CLAIM_PAUSED);
        String resume = "{\"thread_id\":\"s-5\",\"human_input\":\"yes\"}";
        assertServiceUnavailable(target.send(CaseRequest.post("/resume").json(resume).build()));
        store.heal();
        Exchange again = target.send(CaseRequest.post("/resume").json(resume).build());
        assertEquals(200, again.status());
        assertTrue(again.json().get("output").asText().startsWith("Approved"));
    }

    @Test
    void resume_whose_turn_cannot_be_appended_is_503_and_uses_the_paused_run_up() throws Exception {
        assertEquals(200, invoke("please approve", "s-6").status());
        store.fail(APPEND_TURN);
        String resume = "{\"thread_id\":\"s-6\",\"human_input\":\"yes\"}";
        assertServiceUnavailable(target.send(CaseRequest.post("/resume").json(resume).build()));
        store.heal();
        assertEquals(404, target.send(CaseRequest.post("/resume").json(resume).build()).status());
    }

    @Test
    void stream_is_503_before_it_opens_when_the_history_cannot_be_read() throws Exception {
        store.fail(READ_CONVERSATION);
        // A named conversation: one the server makes up has no history to read.
        Exchange answer = target.send(CaseRequest.post("/stream")
                .json("{\"input\":\"hello\",\"session_id\":\"s-read\"}").build());
        assertServiceUnavailable(answer);
        assertFalse(answer.isEventStream());
    }

    @Test
    void stream_whose_turn_cannot_be_appended_ends_with_an_error_event_and_no_result() throws Exception {
        store.fail(APPEND_TURN);
        Exchange answer = target.send(CaseRequest.post("/stream")
                .json("{\"input\":\"hello\",\"session_id\":\"s-7\"}").build());
        assertEquals(200, answer.status());
        List<SseEvent> events = answer.events();
        assertTrue(events.stream().noneMatch(event -> "result".equals(event.event())), answer.text());
        SseEvent error = events.get(events.size() - 2);
        assertEquals("error", error.event());
        assertEquals("{\"error\":\"" + MESSAGE + "\"}", error.data());
        assertTrue(events.get(events.size() - 1).isDone());
        assertNothingLeaks(answer.text());
    }

    @Test
    void health_stays_healthy_while_the_store_is_down() throws Exception {
        for (FailingStores.Operation operation : FailingStores.Operation.values()) {
            store.fail(operation);
        }
        Exchange health = target.send(CaseRequest.get("/health").build());
        assertEquals(200, health.status());
        assertEquals("healthy", health.json().get("status").asText());
    }
}
