package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static dev.agentport.contract.McpCases.assertRpcError;
import static dev.agentport.contract.McpCases.mcp;
import static dev.agentport.contract.McpCases.request;
import static dev.agentport.contract.McpCases.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The MCP tasks extension ({@code io.modelcontextprotocol/tasks}, 2026-07-28) as cases, run by every target: a
 * {@code send_message} from a request that declares the extension runs as a task, read with {@code tasks/get},
 * answered with {@code tasks/update} when the agent pauses, cancelled with {@code tasks/cancel}.
 */
public final class McpTaskCases {

    static final String EXTENSION = "io.modelcontextprotocol/tasks";
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private McpTaskCases() {
    }

    public static List<ContractCase> all() {
        return List.of(
                ContractCase.of("mcp_tasks_extension_is_declared_in_server_discover",
                        tasksRequest("server/discover", null, "{}", false).build(), (answer, target) ->
                                assertTrue(result(answer).at("/capabilities/extensions").has(EXTENSION),
                                        answer.toString())),
                ContractCase.of("mcp_task_send_message_answers_a_create_task_result_and_completes",
                        tasksRequest("tools/call", "send_message",
                                "{\"name\":\"send_message\",\"arguments\":{\"message\":\"hello task\"}}", true)
                                .build(), (answer, target) -> {
                            JsonNode created = result(answer);
                            assertEquals("task", created.path("resultType").asText(), answer.toString());
                            assertEquals("working", created.path("status").asText(), answer.toString());
                            assertFalse(created.has("result"), answer.toString());
                            JsonNode task = poll(target, created.path("taskId").asText(), "completed");
                            assertTrue(task.at("/result/content/0/text").asText().contains("hello task"),
                                    task.toString());
                        }),
                ContractCase.of("mcp_task_send_message_without_the_extension_is_answered_in_the_request",
                        tasksRequest("tools/call", "send_message",
                                "{\"name\":\"send_message\",\"arguments\":{\"message\":\"hello\"}}", false).build(),
                        (answer, target) -> {
                            JsonNode done = result(answer);
                            assertEquals("complete", done.path("resultType").asText(), answer.toString());
                            assertFalse(done.has("taskId"), answer.toString());
                        }),
                ContractCase.of("mcp_task_agent_pause_waits_for_tasks_update_then_completes",
                        tasksRequest("tools/call", "send_message", "{\"name\":\"send_message\","
                                + "\"arguments\":{\"message\":\"please approve the release\"}}", true).build(),
                        (answer, target) -> {
                            String id = result(answer).path("taskId").asText();
                            JsonNode waiting = poll(target, id, "input_required");
                            assertEquals("elicitation/create",
                                    waiting.at("/inputRequests/agent-question-1/method").asText(), waiting.toString());
                            Exchange ack = target.send(tasksRequest("tasks/update", id, "{\"taskId\":\"" + id
                                    + "\",\"inputResponses\":{\"agent-question-1\":{\"action\":\"accept\","
                                    + "\"content\":{\"answer\":\"yes\"}}}}", true).build());
                            assertEquals("complete", result(ack).path("resultType").asText(), ack.toString());
                            JsonNode task = poll(target, id, "completed");
                            assertEquals("Approved: \"please approve the release\". Done.",
                                    task.at("/result/content/0/text").asText(), task.toString());
                        }),
                ContractCase.of("mcp_task_methods_without_the_extension_are_32021",
                        tasksRequest("tasks/get", "some-task", "{\"taskId\":\"some-task\"}", false).build(),
                        (answer, target) -> assertRpcError(answer, 400, -32021)),
                ContractCase.of("mcp_task_get_of_an_unknown_task_is_invalid_params",
                        tasksRequest("tasks/get", "no-such-task", "{\"taskId\":\"no-such-task\"}", true).build(),
                        (answer, target) -> assertRpcError(answer, 200, -32602)),
                ContractCase.of("mcp_task_name_header_must_be_the_task_id",
                        tasksRequest("tasks/get", "another-task", "{\"taskId\":\"some-task\"}", true).build(),
                        (answer, target) -> assertRpcError(answer, 400, -32020)));
    }

    /**
     * A 2026-07-28 request whose {@code _meta} declares elicitation and, when {@code tasks}, the tasks extension;
     * {@code Mcp-Name} is {@code name} (the tool, or the task id).
     */
    static CaseRequest.Builder tasksRequest(String method, String name, String params, boolean tasks) {
        String capabilities = tasks ? "{\"elicitation\":{},\"extensions\":{\"" + EXTENSION + "\":{}}}" : "{}";
        String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":" + capabilities + "}";
        String body = request(method, params.equals("{}") ? "{" + meta + "}"
                : params.substring(0, params.length() - 1) + "," + meta + "}");
        CaseRequest.Builder builder = mcp(body).header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", method);
        return name == null ? builder : builder.header("Mcp-Name", name);
    }

    /** Reads the task until it has {@code status}, for a while; returns the last {@code tasks/get} result. */
    static JsonNode poll(Target target, String taskId, String status) throws Exception {
        Instant end = Instant.now().plus(PATIENCE);
        JsonNode task;
        do {
            task = result(target.send(tasksRequest("tasks/get", taskId, "{\"taskId\":\"" + taskId + "\"}", true)
                    .build()));
            if (task.path("status").asText().equals(status)) {
                return task;
            }
            Thread.sleep(100);
        } while (Instant.now().isBefore(end));
        assertEquals(status, task.path("status").asText(), task.toString());
        return task;
    }
}
