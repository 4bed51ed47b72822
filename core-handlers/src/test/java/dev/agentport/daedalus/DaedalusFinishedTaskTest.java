package dev.agentport.daedalus;

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

import static dev.agentport.testing.FailingStores.Operation.CLAIM_PAUSED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A task the task store holds as finished takes no more messages on Daedalus: a paused run a canceled A2A JSON-RPC
 * task left behind (the cancel could not drop it) is not continued.
 */
class DaedalusFinishedTaskTest {

    private final FailingStores store = new FailingStores();
    private final InProcessTarget target = new InProcessTarget(AgentPort.builder()
            .agent(new DefaultAgent(Duration.ZERO)).config(RuntimeConfig.fromEnvironment(Map.of()))
            .stateStores(store.stores()).build());

    private Exchange rpc(String method, String params) throws Exception {
        return target.send(CaseRequest.post("/a2a").header("A2A-Version", "1.0")
                .json("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}")
                .build());
    }

    private static CaseRequest.Builder answer(String taskId, String text) {
        return CaseRequest.post("/").json("{\"message\":{\"messageId\":\"m-answer\",\"taskId\":\"" + taskId
                + "\",\"role\":\"user\",\"parts\":[{\"text\":\"" + text + "\"}]}}");
    }

    /** A JSON-RPC task waiting for input, canceled while the store could not drop its paused run. */
    private String canceledTaskWithPausedRun() throws Exception {
        String id = Json.MAPPER.readTree(rpc("SendMessage", "{\"message\":{\"messageId\":\"m1\",\"role\":\"ROLE_USER\","
                + "\"parts\":[{\"text\":\"please approve\"}]}}").text()).at("/result/task/id").asText();
        store.fail(CLAIM_PAUSED);
        Exchange canceled = rpc("CancelTask", "{\"id\":\"" + id + "\"}");
        assertTrue(canceled.text().contains("TASK_STATE_CANCELED"), canceled.text());
        store.heal();
        assertTrue(store.memory().sessions().claimPaused(id).map(run -> {
            store.memory().sessions().savePaused(run);
            return true;
        }).orElse(false), "the paused run stays behind");
        return id;
    }

    @Test
    void a_task_the_store_holds_as_finished_is_409_and_its_paused_run_is_not_continued() throws Exception {
        String id = canceledTaskWithPausedRun();
        Exchange refused = target.send(answer(id, "yes").build());
        assertEquals(409, refused.status(), refused.text());
        assertEquals("application/json", refused.header("Content-Type"));
        assertEquals("{\"error\":\"task " + id + " is canceled; a finished task takes no more messages\"}",
                refused.text());
        assertTrue(store.memory().sessions().claimPaused(id).isPresent(), "the paused run was not continued");
    }

    @Test
    void a_streamed_message_to_a_finished_task_is_409_before_any_event() throws Exception {
        String id = canceledTaskWithPausedRun();
        Exchange refused = target.send(answer(id, "yes").header("Accept", "text/event-stream").build());
        assertEquals(409, refused.status(), refused.text());
        assertFalse(refused.isEventStream());
    }
}
