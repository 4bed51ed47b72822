package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
 * answered with {@code tasks/update} when the agent pauses, cancelled with {@code tasks/cancel}, and followed on a
 * {@code subscriptions/listen} stream that names it.
 */
public final class McpTaskCases {

    static final String EXTENSION = "io.modelcontextprotocol/tasks";
    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final ObjectMapper MAPPER = new ObjectMapper();

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
                        (answer, target) -> assertRpcError(answer, 400, -32020)),
                ContractCase.of("mcp_listen_streams_a_named_task_until_it_ends_then_closes_with_its_result",
                        tasksRequest("tools/call", "send_message",
                                "{\"name\":\"send_message\",\"arguments\":{\"message\":\"hello listener\"}}", true)
                                .build(), (answer, target) -> {
                            String id = result(answer).path("taskId").asText();
                            Exchange listen = target.send(listen("{\"taskIds\":[\"" + id + "\"]}", true).build());
                            List<JsonNode> messages = messages(listen);
                            JsonNode ack = messages.get(0);
                            assertEquals(ACKNOWLEDGED, ack.path("method").asText(), listen.toString());
                            assertEquals(id, ack.at("/params/notifications/taskIds/0").asText(), listen.toString());
                            JsonNode last = messages.get(messages.size() - 2);
                            assertEquals("notifications/tasks", last.path("method").asText(), listen.toString());
                            assertEquals("completed", last.at("/params/status").asText(), listen.toString());
                            assertTrue(last.at("/params/result/content/0/text").asText().contains("hello listener"),
                                    listen.toString());
                            for (JsonNode notification : messages.subList(0, messages.size() - 1)) {
                                assertEquals(7, notification.at("/params/_meta").path(SUBSCRIPTION_ID).asInt(),
                                        listen.toString());
                            }
                            assertClosed(messages.get(messages.size() - 1), listen);
                        }),
                ContractCase.of("mcp_listen_leaves_an_unknown_task_out_and_closes_with_its_result",
                        listen("{\"taskIds\":[\"no-such-task\"],\"toolsListChanged\":true}", true).build(),
                        (answer, target) -> {
                            List<JsonNode> messages = messages(answer);
                            assertEquals(2, messages.size(), answer.toString());
                            assertEquals(ACKNOWLEDGED, messages.get(0).path("method").asText(), answer.toString());
                            assertEquals(7, messages.get(0).at("/params/_meta").path(SUBSCRIPTION_ID).asInt(),
                                    answer.toString());
                            assertEquals(0, messages.get(0).at("/params/notifications").size(), answer.toString());
                            assertClosed(messages.get(1), answer);
                        }),
                ContractCase.of("mcp_listen_naming_tasks_without_the_extension_is_32021",
                        listen("{\"taskIds\":[\"some-task\"]}", false).build(),
                        (answer, target) -> assertRpcError(answer, 400, -32021)),
                ContractCase.of("mcp_listen_with_a_malformed_filter_is_32602",
                        listen("{\"taskIds\":\"some-task\"}", true).build(),
                        (answer, target) -> assertRpcError(answer, 400, -32602)));
    }

    static final String ACKNOWLEDGED = "notifications/subscriptions/acknowledged";
    static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

    /** A {@code subscriptions/listen} request (id 7) with {@code notifications} as its filter. */
    static CaseRequest.Builder listen(String notifications, boolean tasks) {
        return tasksRequest("subscriptions/listen", null, "{\"notifications\":" + notifications + "}", tasks);
    }

    /** The messages of an event stream, each checked to be JSON-RPC 2.0. */
    static List<JsonNode> messages(Exchange answer) throws Exception {
        assertEquals(200, answer.status(), answer.toString());
        assertTrue(answer.isEventStream(), answer.toString());
        List<JsonNode> messages = new ArrayList<>();
        for (SseEvent event : answer.events()) {
            JsonNode message = MAPPER.readTree(event.data());
            assertEquals("2.0", message.path("jsonrpc").asText(), answer.toString());
            messages.add(message);
        }
        return messages;
    }

    /** The listen's own result, which ends the stream gracefully. */
    private static void assertClosed(JsonNode closing, Exchange answer) {
        assertEquals(7, closing.path("id").asInt(), answer.toString());
        assertEquals("complete", closing.at("/result/resultType").asText(), answer.toString());
        assertEquals(7, closing.at("/result/_meta").path(SUBSCRIPTION_ID).asInt(), answer.toString());
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
