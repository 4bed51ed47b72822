package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.contract.Exchange;
import dev.agentport.json.Json;
import dev.agentport.runtime.AgentFailures;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static dev.agentport.mcp.TaskTesting.answer;
import static dev.agentport.mcp.TaskTesting.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tasks extension ({@code io.modelcontextprotocol/tasks}, SEP-2663), rule by rule. */
class McpTaskRulesTest {

    private final TaskTesting server = TaskTesting.core(Map.of());

    private String created(String tool) throws Exception {
        Exchange made = server.call(tool, null, true);
        assertEquals("task", made.json().at("/result/resultType").asText(), made.toString());
        return made.json().at("/result/taskId").asText();
    }

    @Test
    void the_server_declares_the_extension_in_its_capabilities() throws Exception {
        Exchange discover = server.send("server/discover", TaskTesting.params(false), null);
        assertTrue(discover.json().at("/result/capabilities/extensions").has(McpTasks.EXTENSION),
                discover.toString());
    }

    @Test
    void a_call_that_declares_the_extension_gets_a_flat_create_task_result() throws Exception {
        JsonNode result = server.call("wait", null, true).json().path("result");
        assertEquals("task", result.path("resultType").asText());
        assertEquals("working", result.path("status").asText());
        assertTrue(result.path("taskId").asText().length() >= 32, result.toString());
        assertTrue(result.path("ttlMs").isIntegralNumber() && result.path("ttlMs").asLong() > 0, result.toString());
        assertTrue(result.path("pollIntervalMs").isIntegralNumber(), result.toString());
        assertFalse(result.has("result") || result.has("error") || result.has("inputRequests")
                || result.has("requestState") || result.has("task"), result.toString());
    }

    @Test
    void a_task_can_be_read_as_soon_as_its_create_task_result_arrives() throws Exception {
        String id = created("wait");
        JsonNode task = server.tasks(McpTasks.GET, id, true).json().path("result");
        assertEquals(id, task.path("taskId").asText());
        assertEquals("working", task.path("status").asText());
        assertEquals("complete", task.path("resultType").asText());
    }

    @Test
    void a_call_that_does_not_declare_the_extension_is_answered_in_the_request() throws Exception {
        JsonNode result = server.call("quick", null, false).json().path("result");
        assertEquals("complete", result.path("resultType").asText());
        assertFalse(result.has("taskId"), result.toString());
        assertEquals("done", result.at("/content/0/text").asText());
    }

    @Test
    void a_tool_that_supports_no_tasks_is_answered_in_the_request_even_when_the_extension_is_declared()
            throws Exception {
        JsonNode result = server.call("never_task", null, true).json().path("result");
        assertEquals("complete", result.path("resultType").asText());
        assertFalse(result.has("taskId"), result.toString());
    }

    @Test
    void a_tool_that_runs_only_as_a_task_refuses_a_call_without_the_extension_with_32021() throws Exception {
        Exchange refused = server.call("only_task", null, false);
        assertEquals(400, refused.status());
        assertEquals(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY, refused.json().at("/error/code").asInt());
        assertTrue(refused.json().at("/error/data/requiredCapabilities/extensions").has(McpTasks.EXTENSION),
                refused.toString());
    }

    @Test
    void the_task_methods_refuse_a_request_without_the_extension_with_32021() throws Exception {
        for (String method : new String[] {McpTasks.GET, McpTasks.UPDATE, McpTasks.CANCEL}) {
            Exchange refused = server.tasks(method, "some-task", false);
            assertEquals(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY, refused.json().at("/error/code").asInt(),
                    method + ": " + refused);
        }
    }

    @Test
    void an_unknown_task_is_invalid_params() throws Exception {
        Exchange unknown = server.tasks(McpTasks.GET, "no-such-task", true);
        assertEquals(McpError.INVALID_PARAMS, unknown.json().at("/error/code").asInt(), unknown.toString());
    }

    @Test
    void the_name_header_must_be_the_task_id() throws Exception {
        String id = created("wait");
        Exchange refused = server.send(McpTasks.GET, TaskTesting.params(true).put("taskId", id), "another-task");
        assertEquals(400, refused.status());
        assertEquals(McpError.HEADER_MISMATCH, refused.json().at("/error/code").asInt(), refused.toString());
    }

    @Test
    void a_completed_task_inlines_the_tools_result() throws Exception {
        JsonNode task = server.poll(created("quick"), status("completed"));
        assertEquals("completed", task.path("status").asText(), task.toString());
        assertEquals("done", task.at("/result/content/0/text").asText());
        assertFalse(task.has("error"), task.toString());
    }

    @Test
    void a_protocol_error_of_the_tool_fails_the_task_with_the_json_rpc_error() throws Exception {
        JsonNode task = server.poll(created("broken"), status("failed"));
        assertEquals("failed", task.path("status").asText(), task.toString());
        assertEquals(McpError.INTERNAL_ERROR, task.at("/error/code").asInt());
        assertEquals("the tool broke the protocol", task.at("/error/message").asText());
        assertFalse(task.has("result"), task.toString());
    }

    @Test
    void a_task_that_asks_waits_in_input_required_with_its_questions() throws Exception {
        JsonNode task = server.poll(created("ask_two"), status("input_required"));
        assertEquals("input_required", task.path("status").asText(), task.toString());
        assertEquals(ClientRequest.ELICITATION, task.at("/inputRequests/first/method").asText());
        assertTrue(task.path("inputRequests").has("second"), task.toString());
    }

    @Test
    void answers_to_some_questions_keep_the_task_waiting_for_the_others() throws Exception {
        String id = created("ask_two");
        server.poll(id, status("input_required"));
        ObjectNode responses = Json.object();
        responses.set("first", answer("one"));
        responses.set("never-asked", answer("ignored"));
        Exchange ack = server.update(id, responses);
        assertEquals("complete", ack.json().at("/result/resultType").asText(), ack.toString());
        assertFalse(ack.json().path("result").has("status"), ack.toString());

        JsonNode task = server.tasks(McpTasks.GET, id, true).json().path("result");
        assertEquals("input_required", task.path("status").asText(), task.toString());
        assertFalse(task.path("inputRequests").has("first"), task.toString());
        assertTrue(task.path("inputRequests").has("second"), task.toString());
    }

    @Test
    void the_last_answer_runs_the_tool_again_with_every_answer() throws Exception {
        String id = created("ask_two");
        server.poll(id, status("input_required"));
        ObjectNode first = Json.object();
        first.set("first", answer("one"));
        server.update(id, first);
        ObjectNode second = Json.object();
        second.set("second", answer("two"));
        server.update(id, second);

        JsonNode task = server.poll(id, status("completed"));
        assertEquals("one and two", task.at("/result/content/0/text").asText(), task.toString());
    }

    @Test
    void cancel_acknowledges_with_an_empty_result_and_the_task_reads_cancelled() throws Exception {
        String id = created("wait");
        Exchange ack = server.tasks(McpTasks.CANCEL, id, true);
        assertEquals("complete", ack.json().at("/result/resultType").asText(), ack.toString());
        assertFalse(ack.json().path("result").has("status"), ack.toString());
        assertEquals("cancelled", server.poll(id, status("cancelled")).path("status").asText());
        server.agentPort().runs().awaitIdle(Duration.ofSeconds(10));
        assertEquals(0, server.agentPort().runs().running(), "the cancelled task's run has ended");
    }

    @Test
    void cancel_of_an_ended_task_acknowledges_and_changes_nothing() throws Exception {
        String id = created("quick");
        server.poll(id, status("completed"));
        Exchange ack = server.tasks(McpTasks.CANCEL, id, true);
        assertEquals("complete", ack.json().at("/result/resultType").asText(), ack.toString());
        assertEquals("completed", server.tasks(McpTasks.GET, id, true).json().at("/result/status").asText());
    }

    @Test
    void a_tasks_run_is_a_run_of_the_engine_that_the_drain_waits_for() throws Exception {
        String id = created("wait");
        for (int tries = 0; tries < 500 && server.agentPort().runs().running() == 0; tries++) {
            Thread.sleep(10);
        }
        assertEquals(1, server.agentPort().runs().running(), "the task's run is registered");
        assertFalse(server.agentPort().drain(Duration.ofMillis(200)), "the drain had to cancel the task's run");
        JsonNode task = server.poll(id, status("failed"));
        assertEquals("failed", task.path("status").asText(), task.toString());
        assertEquals(McpError.INTERNAL_ERROR, task.at("/error/code").asInt());
    }

    @Test
    void a_task_ends_at_the_run_timeout_with_the_tools_timeout_result() throws Exception {
        TaskTesting bounded = TaskTesting.core(Map.of("AGENT_RUN_TIMEOUT_SECONDS", "1"));
        Exchange made = bounded.call("wait", null, true);
        JsonNode task = bounded.poll(made.json().at("/result/taskId").asText(), status("completed"));
        assertEquals("completed", task.path("status").asText(), task.toString());
        assertTrue(task.at("/result/isError").asBoolean(), task.toString());
        assertEquals(AgentFailures.DEADLINE_MESSAGE, task.at("/result/content/0/text").asText());
    }

    @Test
    void the_agents_pause_in_a_send_message_task_waits_for_the_answer_through_tasks_update() throws Exception {
        Exchange made = server.call(SendMessageTool.NAME, Json.object().put("message", "please approve the deploy"),
                true);
        String id = made.json().at("/result/taskId").asText();
        JsonNode waiting = server.poll(id, status("input_required"));
        JsonNode question = waiting.at("/inputRequests/" + AgentQuestions.KEY + "1");
        assertEquals(ClientRequest.ELICITATION, question.path("method").asText(), waiting.toString());
        assertTrue(question.at("/params/message").asText().contains("Approve"), waiting.toString());

        ObjectNode responses = Json.object();
        responses.set(AgentQuestions.KEY + "1", answer("yes"));
        server.update(id, responses);
        JsonNode task = server.poll(id, status("completed"));
        assertEquals("Approved: \"please approve the deploy\". Done.", task.at("/result/content/0/text").asText(),
                task.toString());
    }

    @Test
    void send_message_runs_as_a_task_when_the_extension_is_declared() throws Exception {
        ObjectNode arguments = Json.object().put("message", "hello");
        Exchange made = server.call(SendMessageTool.NAME, arguments, true);
        assertEquals("task", made.json().at("/result/resultType").asText(), made.toString());
        JsonNode task = server.poll(made.json().at("/result/taskId").asText(), status("completed"));
        assertTrue(task.at("/result/content/0/text").asText().contains("hello"), task.toString());
    }
}
