package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.contract.SseEvent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.task.TaskQuery;
import dev.agentport.testing.FailingStores;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.agentport.testing.FailingStores.Operation.APPEND_TURN;
import static dev.agentport.testing.FailingStores.Operation.GET_TASK;
import static dev.agentport.testing.FailingStores.Operation.LIST_TASKS;
import static dev.agentport.testing.FailingStores.Operation.PUT_TASK;
import static dev.agentport.testing.FailingStores.Operation.READ_CONVERSATION;
import static dev.agentport.testing.FailingStores.Operation.SAVE_PAUSED;
import static dev.agentport.testing.OutageAnswers.MESSAGE;
import static dev.agentport.testing.OutageAnswers.assertNothingLeaks;
import static dev.agentport.testing.OutageAnswers.assertUnavailable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The A2A JSON-RPC face when the state store fails: a JSON-RPC error with the request's id on HTTP 503, or, on a
 * stream already begun, a JSON-RPC error as the last event; never a task state the store does not hold.
 */
class JsonRpcStoreOutageTest {

    private static final String SEND = "{\"message\":{\"messageId\":\"m1\",\"role\":\"ROLE_USER\","
            + "\"parts\":[{\"text\":\"%s\"}]}}";
    /** In the caller's context: a context the server makes up has no history to read. */
    private static final String SEND_IN_CONTEXT = SEND.replace("\"role\"", "\"contextId\":\"c-1\",\"role\"");

    private final FailingStores store = new FailingStores();
    private final InProcessTarget target = new InProcessTarget(AgentPort.builder()
            .agent(new DefaultAgent(Duration.ZERO)).config(RuntimeConfig.fromEnvironment(Map.of()))
            .stateStores(store.stores()).build());

    private Exchange rpc(String method, String params) throws Exception {
        return target.send(CaseRequest.post("/a2a").header("A2A-Version", "1.0")
                .json("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}")
                .build());
    }

    private static void assertRpcUnavailable(Exchange answer) {
        assertUnavailable(answer);
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32603,\"message\":\"" + MESSAGE + "\"}}",
                answer.text());
    }

    private List<A2aTask> storedTasks() {
        return store.memory().tasks().list(new TaskQuery(null, null, TaskQuery.MAX_PAGE_SIZE, null)).tasks();
    }

    @Test
    void get_task_is_503_when_the_store_is_down() throws Exception {
        store.fail(GET_TASK);
        assertRpcUnavailable(rpc("GetTask", "{\"id\":\"t-1\"}"));
    }

    @Test
    void list_tasks_is_503_when_the_store_is_down() throws Exception {
        store.fail(LIST_TASKS);
        assertRpcUnavailable(rpc("ListTasks", "{}"));
    }

    @Test
    void cancel_task_is_503_when_the_store_is_down() throws Exception {
        store.fail(GET_TASK);
        assertRpcUnavailable(rpc("CancelTask", "{\"id\":\"t-1\"}"));
    }

    @Test
    void send_is_503_and_stores_no_task_when_the_history_cannot_be_read() throws Exception {
        store.fail(READ_CONVERSATION);
        assertRpcUnavailable(rpc("SendMessage", SEND_IN_CONTEXT.formatted("hello")));
        assertTrue(storedTasks().isEmpty(), storedTasks().toString());
    }

    @Test
    void send_whose_turn_cannot_be_appended_is_503_and_the_task_is_not_stored_completed() throws Exception {
        store.fail(APPEND_TURN);
        assertRpcUnavailable(rpc("SendMessage", SEND.formatted("hello")));
        assertEquals(TaskState.FAILED, storedTasks().get(0).status().state());
    }

    @Test
    void a_pause_that_cannot_be_saved_is_503_and_the_task_is_not_stored_input_required() throws Exception {
        store.fail(SAVE_PAUSED);
        assertRpcUnavailable(rpc("SendMessage", SEND.formatted("please approve")));
        assertEquals(TaskState.FAILED, storedTasks().get(0).status().state());
    }

    @Test
    void send_whose_end_cannot_be_stored_is_503_at_once() {
        store.failAfter(PUT_TASK, 1);
        assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> assertRpcUnavailable(rpc("SendMessage", SEND.formatted("hello"))));
        assertEquals(TaskState.WORKING, storedTasks().get(0).status().state());
    }

    @Test
    void stream_is_503_before_it_opens_when_the_task_cannot_be_stored() throws Exception {
        store.fail(PUT_TASK);
        Exchange answer = rpc("SendStreamingMessage", SEND.formatted("hello"));
        assertRpcUnavailable(answer);
        assertFalse(answer.isEventStream());
    }

    @Test
    void stream_whose_turn_cannot_be_appended_ends_with_a_json_rpc_error_and_no_completed_status() throws Exception {
        store.fail(APPEND_TURN);
        Exchange answer = rpc("SendStreamingMessage", SEND.formatted("hello"));
        assertEquals(200, answer.status());
        List<SseEvent> events = answer.events();
        JsonNode last = Json.MAPPER.readTree(events.get(events.size() - 1).data());
        assertEquals(7, last.get("id").asInt());
        assertEquals(-32603, last.at("/error/code").asInt());
        assertEquals(MESSAGE, last.at("/error/message").asText());
        assertFalse(answer.text().contains("TASK_STATE_COMPLETED"));
        assertFalse(answer.text().contains("TASK_STATE_FAILED"));
        assertNothingLeaks(answer.text());
    }
}
