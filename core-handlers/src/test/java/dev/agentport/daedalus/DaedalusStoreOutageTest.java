package dev.agentport.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.FailingStores;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static dev.agentport.testing.FailingStores.Operation.APPEND_TURN;
import static dev.agentport.testing.FailingStores.Operation.READ_CONVERSATION;
import static dev.agentport.testing.FailingStores.Operation.SAVE_PAUSED;
import static dev.agentport.testing.OutageAnswers.MESSAGE;
import static dev.agentport.testing.OutageAnswers.assertNothingLeaks;
import static dev.agentport.testing.OutageAnswers.assertUnavailable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The Daedalus face when the state store fails: 503 {@code {"error"}}, and never a task state it did not keep. */
class DaedalusStoreOutageTest {

    private final FailingStores store = new FailingStores();
    private final InProcessTarget target = new InProcessTarget(AgentPort.builder()
            .agent(new DefaultAgent(Duration.ZERO))
            .config(RuntimeConfig.fromEnvironment(Map.of("AGENT_HEALTH_FORMAT", "daedalus")))
            .stateStores(store.stores()).build());

    private static CaseRequest.Builder task(String taskId, String contextId, String text) {
        return CaseRequest.post("/").json("{\"message\":{\"messageId\":\"m-" + taskId + "\",\"taskId\":\"" + taskId
                + "\",\"contextId\":\"" + contextId + "\",\"role\":\"user\",\"parts\":[{\"text\":\"" + text
                + "\"}]}}");
    }

    private static void assertDaedalusUnavailable(Exchange answer) {
        assertUnavailable(answer);
        assertEquals("application/json", answer.header("Content-Type"));
        assertEquals("{\"error\":\"" + MESSAGE + "\"}", answer.text());
    }

    @Test
    void task_is_503_when_the_history_cannot_be_read() throws Exception {
        store.fail(READ_CONVERSATION);
        assertDaedalusUnavailable(target.send(task("t-1", "c-1", "hello").build()));
    }

    @Test
    void task_whose_turn_cannot_be_appended_is_503_and_not_a_completed_task() throws Exception {
        store.fail(APPEND_TURN);
        Exchange answer = target.send(task("t-2", "c-2", "hello").build());
        assertDaedalusUnavailable(answer);
        assertFalse(answer.text().contains("completed"));
    }

    @Test
    void a_pause_that_cannot_be_saved_is_503_and_not_input_required() throws Exception {
        store.fail(SAVE_PAUSED);
        Exchange answer = target.send(task("t-3", "c-3", "please approve").build());
        assertDaedalusUnavailable(answer);
        assertFalse(answer.text().contains("input-required"));
    }

    @Test
    void an_answer_whose_conversation_cannot_be_read_is_503_and_the_task_stays_paused() throws Exception {
        Exchange paused = target.send(task("t-4", "c-4", "please approve").build());
        assertEquals("input-required", paused.json().at("/status/state").asText());
        store.failAfter(READ_CONVERSATION, 1);
        assertDaedalusUnavailable(target.send(task("t-4", "c-other", "yes").build()));
        store.heal();
        Exchange answered = target.send(task("t-4", "c-4", "yes").build());
        assertEquals("completed", answered.json().at("/status/state").asText());
    }

    @Test
    void streamed_task_whose_turn_cannot_be_appended_ends_failed_with_the_store_message() throws Exception {
        store.fail(APPEND_TURN);
        Exchange answer = target.send(task("t-5", "c-5", "hello").header("Accept", "text/event-stream").build());
        assertEquals(200, answer.status());
        JsonNode last = Json.MAPPER.readTree(answer.events().get(answer.events().size() - 1).data());
        assertEquals(true, last.get("final").asBoolean());
        assertEquals("failed", last.at("/status/state").asText());
        assertEquals(MESSAGE, last.at("/status/message/parts/0/text").asText());
        assertFalse(answer.text().contains("\"completed\""));
        assertNothingLeaks(answer.text());
    }

    @Test
    void daedalus_health_stays_ok_while_the_store_is_down() throws Exception {
        for (FailingStores.Operation operation : FailingStores.Operation.values()) {
            store.fail(operation);
        }
        Exchange health = target.send(CaseRequest.get("/health").build());
        assertEquals(200, health.status());
        assertEquals("{\"status\":\"ok\"}", health.text());
    }
}
