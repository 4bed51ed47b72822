package dev.agentport.local;

import dev.agentport.AgentPort;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.contract.LocalAdapterCases;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.FailingStores;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.agentport.testing.FailingStores.Operation.APPEND_TURN;
import static dev.agentport.testing.FailingStores.Operation.READ_CONVERSATION;
import static dev.agentport.testing.OutageAnswers.MESSAGE;
import static dev.agentport.testing.OutageAnswers.assertUnavailable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The local {@code /run-task} adapter when the state store fails: 503 {@code {"success":false,"error"}}. */
class LocalAdapterStoreOutageTest {

    private static final String TASK = "{\"task_run_id\":\"tr-1\",\"conversation_id\":\"conv-1\","
            + "\"input\":{\"text\":\"hello\"}}";

    private final FailingStores store = new FailingStores();
    private final InProcessTarget target = new InProcessTarget(AgentPort.builder()
            .agent(new DefaultAgent(Duration.ZERO)).config(RuntimeConfig.fromEnvironment(LocalAdapterCases.ENV))
            .stateStores(store.stores()).build());

    private Exchange runTask() throws Exception {
        return target.send(CaseRequest.post("/run-task").header("Host", "localhost:18789").json(TASK).build());
    }

    private static void assertLocalUnavailable(Exchange answer) {
        assertUnavailable(answer);
        assertEquals("{\"success\":false,\"error\":\"" + MESSAGE + "\"}", answer.text());
    }

    @Test
    void run_task_is_503_when_the_history_cannot_be_read() throws Exception {
        store.fail(READ_CONVERSATION);
        assertLocalUnavailable(runTask());
    }

    @Test
    void run_task_whose_turn_cannot_be_appended_is_503_and_not_a_success() throws Exception {
        store.fail(APPEND_TURN);
        assertLocalUnavailable(runTask());
        assertTrue(store.memory().sessions().history("conv-1").isEmpty());
    }
}
