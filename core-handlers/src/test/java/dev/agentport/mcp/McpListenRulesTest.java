package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.http.ClientConnection;
import dev.agentport.json.Json;
import dev.agentport.store.StateStores;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static dev.agentport.mcp.TaskTesting.answer;
import static dev.agentport.mcp.TaskTesting.status;
import static dev.agentport.mcp.TaskTesting.taskIds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code subscriptions/listen} (2026-07-28, SEP-2575) and the tasks extension's status notifications on it
 * ({@code notifications/tasks}, SEP-2663), rule by rule.
 */
class McpListenRulesTest {

    private static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

    private final TaskTesting server = TaskTesting.core(Map.of());

    private String created(TaskTesting on, String tool) throws Exception {
        Exchange made = on.call(tool, null, true);
        assertEquals("task", made.json().at("/result/resultType").asText(), made.toString());
        return made.json().at("/result/taskId").asText();
    }

    /** A task of {@code ask_two} waiting for its two answers. */
    private String waiting(TaskTesting on) throws Exception {
        String id = created(on, "ask_two");
        assertEquals("input_required", on.poll(id, status("input_required")).path("status").asText());
        return id;
    }

    private static ObjectNode bothAnswers() {
        ObjectNode responses = Json.object();
        responses.set("first", answer("yes"));
        responses.set("second", answer("no"));
        return responses;
    }

    /** Reads task notifications until one has {@code status}; every one read must be tagged {@code listen}'s. */
    private static JsonNode until(OpenCall listen, String status, String subscriptionId) throws Exception {
        for (int read = 0; read < 20; read++) {
            JsonNode message = listen.next();
            assertEquals(Listens.TASK_NOTIFICATION, message.path("method").asText(), message.toString());
            assertEquals(subscriptionId, message.at("/params/_meta").path(SUBSCRIPTION_ID).asText(),
                    message.toString());
            if (message.at("/params/status").asText().equals(status)) {
                return message;
            }
        }
        throw new AssertionError("no notification with status " + status);
    }

    private static void assertClosesGracefully(OpenCall listen, String subscriptionId) throws Exception {
        JsonNode closing = listen.next();
        assertEquals(subscriptionId, closing.path("id").asText(), closing.toString());
        assertEquals("complete", closing.at("/result/resultType").asText(), closing.toString());
        assertEquals(subscriptionId, closing.at("/result/_meta").path(SUBSCRIPTION_ID).asText(),
                closing.toString());
        assertTrue(listen.endsWithin(Duration.ofSeconds(2)), "the stream goes on after its result");
    }

    @Test
    void a_listen_stream_is_an_event_stream_that_opens_with_the_acknowledgement_tagged_with_the_request_id()
            throws Exception {
        String id = waiting(server);
        OpenCall listen = server.listen(taskIds(id), true, ClientConnection.UNKNOWN);
        assertEquals(200, listen.response.status());
        assertEquals("text/event-stream", listen.response.header("Content-Type"));
        JsonNode first = listen.next();
        assertEquals(Listens.ACKNOWLEDGED, first.path("method").asText(), first.toString());
        assertEquals("listen-1", first.at("/params/_meta").path(SUBSCRIPTION_ID).asText(), first.toString());
        assertEquals(List.of(id), texts(first.at("/params/notifications/taskIds")));
    }

    @Test
    void a_watched_task_is_sent_first_as_tasks_get_shows_it() throws Exception {
        String id = waiting(server);
        JsonNode polled = server.tasks(McpTasks.GET, id, true).json().path("result");
        OpenCall listen = server.listen(taskIds(id), true, ClientConnection.UNKNOWN);
        listen.next();
        JsonNode params = until(listen, "input_required", "listen-1").path("params").deepCopy();
        ((ObjectNode) params).remove("_meta");
        ObjectNode expected = polled.deepCopy();
        expected.remove(List.of("resultType", "_meta"));
        assertEquals(expected, params);
    }

    @Test
    void each_status_change_of_a_watched_task_is_a_notifications_tasks_with_its_detailed_state() throws Exception {
        String id = waiting(server);
        OpenCall listen = server.listen(taskIds(id), true, ClientConnection.UNKNOWN);
        listen.next();
        JsonNode waiting = until(listen, "input_required", "listen-1");
        assertTrue(waiting.at("/params/inputRequests").has("first"), waiting.toString());
        server.update(id, bothAnswers());
        JsonNode done = until(listen, "completed", "listen-1");
        assertEquals(id, done.at("/params/taskId").asText());
        assertEquals("yes and no", done.at("/params/result/content/0/text").asText(), done.toString());
    }

    @Test
    void the_stream_ends_with_the_listen_result_once_every_watched_task_has_ended() throws Exception {
        String id = waiting(server);
        OpenCall listen = server.listen(taskIds(id), true, ClientConnection.UNKNOWN);
        listen.next();
        until(listen, "input_required", "listen-1");
        server.update(id, bothAnswers());
        until(listen, "completed", "listen-1");
        assertClosesGracefully(listen, "listen-1");
    }

    @Test
    void a_cancelled_task_is_notified_as_cancelled() throws Exception {
        String id = created(server, "wait");
        OpenCall listen = server.listen(taskIds(id), true, ClientConnection.UNKNOWN);
        listen.next();
        until(listen, "working", "listen-1");
        server.tasks(McpTasks.CANCEL, id, true);
        until(listen, "cancelled", "listen-1");
        assertClosesGracefully(listen, "listen-1");
    }

    @Test
    void an_unknown_task_id_is_left_out_of_the_acknowledgement() throws Exception {
        String id = waiting(server);
        OpenCall listen = server.listen(taskIds("no-such-task", id), true, ClientConnection.UNKNOWN);
        JsonNode ack = listen.next();
        assertEquals(List.of(id), texts(ack.at("/params/notifications/taskIds")), ack.toString());
    }

    @Test
    void a_stream_that_watches_nothing_is_acknowledged_with_no_task_ids_then_ends_with_its_result()
            throws Exception {
        OpenCall listen = server.listen(taskIds("no-such-task"), true, ClientConnection.UNKNOWN);
        JsonNode ack = listen.next();
        assertEquals(Listens.ACKNOWLEDGED, ack.path("method").asText());
        assertEquals(Json.object(), ack.at("/params/notifications"), ack.toString());
        assertClosesGracefully(listen, "listen-1");
    }

    @Test
    void kinds_this_server_never_sends_are_left_out_of_the_acknowledgement() throws Exception {
        ObjectNode filter = Json.object().put("toolsListChanged", true).put("promptsListChanged", true)
                .put("resourcesListChanged", true);
        filter.putArray("resourceSubscriptions").add("file:///a");
        OpenCall listen = server.listen(filter, false, ClientConnection.UNKNOWN);
        JsonNode ack = listen.next();
        assertEquals(Json.object(), ack.at("/params/notifications"), ack.toString());
        assertClosesGracefully(listen, "listen-1");
    }

    @Test
    void naming_task_ids_without_declaring_the_extension_is_32021_with_400() throws Exception {
        OpenCall listen = server.listen(taskIds("some-task"), false, ClientConnection.UNKNOWN);
        assertEquals(400, listen.response.status());
        JsonNode error = listen.next();
        assertEquals("listen-1", error.path("id").asText());
        assertEquals(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY, error.at("/error/code").asInt());
        assertTrue(error.at("/error/data/requiredCapabilities/extensions").has(McpTasks.EXTENSION),
                error.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"null", "[]", "{\"taskIds\":\"one\"}", "{\"taskIds\":[1]}", "{\"taskIds\":[\"\"]}",
            "{\"toolsListChanged\":\"yes\"}", "{\"resourceSubscriptions\":{}}"})
    void a_malformed_filter_is_32602_with_400(String notifications) throws Exception {
        assertInvalidParams(server.listen(Json.parse(notifications.getBytes(StandardCharsets.UTF_8)), true,
                ClientConnection.UNKNOWN));
    }

    @Test
    void a_listen_without_a_filter_is_32602_with_400() throws Exception {
        assertInvalidParams(server.listen(null, true, ClientConnection.UNKNOWN));
    }

    @Test
    void more_task_ids_than_one_stream_watches_is_32602_with_400() throws Exception {
        String[] many = new String[ListenFilter.MAX_TASKS + 1];
        for (int i = 0; i < many.length; i++) {
            many[i] = "task-" + i;
        }
        assertInvalidParams(server.listen(taskIds(many), true, ClientConnection.UNKNOWN));
    }

    private static void assertInvalidParams(OpenCall listen) throws Exception {
        assertEquals(400, listen.response.status());
        JsonNode error = listen.next();
        assertEquals(McpError.INVALID_PARAMS, error.at("/error/code").asInt(), error.toString());
        assertEquals("listen-1", error.path("id").asText());
    }

    @Test
    void a_client_that_leaves_ends_its_stream_without_a_result() throws Exception {
        String id = waiting(server);
        AtomicReference<Runnable> hangUp = new AtomicReference<>();
        OpenCall listen = server.listen(taskIds(id), true, hangUp::set);
        listen.next();
        until(listen, "input_required", "listen-1");
        assertNotNull(hangUp.get(), "the stream listens for the client leaving");
        hangUp.get().run();
        assertTrue(listen.endsWithin(Duration.ofSeconds(3)), "the stream outlived its client");
    }

    @Test
    void the_drain_at_shutdown_ends_the_stream_with_the_listen_result() throws Exception {
        String id = waiting(server);
        OpenCall listen = server.listen(taskIds(id), true, ClientConnection.UNKNOWN);
        listen.next();
        until(listen, "input_required", "listen-1");
        server.agentPort().lifecycle().beginDraining();
        assertClosesGracefully(listen, "listen-1");
    }

    @Test
    void the_stream_ends_with_the_listen_result_at_the_run_timeout() throws Exception {
        TaskTesting bounded = TaskTesting.core(Map.of("AGENT_RUN_TIMEOUT_SECONDS", "1"));
        String id = waiting(bounded);
        OpenCall listen = bounded.listen(taskIds(id), true, ClientConnection.UNKNOWN);
        listen.next();
        until(listen, "input_required", "listen-1");
        assertClosesGracefully(listen, "listen-1");
        assertEquals("input_required", bounded.tasks(McpTasks.GET, id, true).json().at("/result/status").asText());
    }

    @Test
    void a_change_written_by_another_instance_reaches_the_stream() throws Exception {
        StateStores shared = StateStores.inMemory(Duration.ofHours(1));
        TaskTesting one = TaskTesting.core(Map.of(), shared);
        TaskTesting other = TaskTesting.core(Map.of(), shared);
        String id = waiting(one);
        OpenCall listen = other.listen(taskIds(id), true, ClientConnection.UNKNOWN);
        listen.next();
        until(listen, "input_required", "listen-1");
        one.update(id, bothAnswers());
        JsonNode done = until(listen, "completed", "listen-1");
        assertEquals("yes and no", done.at("/params/result/content/0/text").asText(), done.toString());
        assertClosesGracefully(listen, "listen-1");
    }

    @Test
    void a_listen_stream_works_alike_when_the_server_keeps_sessions() throws Exception {
        TaskTesting sessions = TaskTesting.core(Map.of("AGENT_MCP_SESSIONS", "store"));
        String id = waiting(sessions);
        OpenCall listen = sessions.listen(taskIds(id), true, ClientConnection.UNKNOWN);
        assertEquals(Listens.ACKNOWLEDGED, listen.next().path("method").asText());
        until(listen, "input_required", "listen-1");
        sessions.update(id, bothAnswers());
        until(listen, "completed", "listen-1");
        assertClosesGracefully(listen, "listen-1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"stateless", "store"})
    void before_2026_07_28_subscriptions_listen_is_an_unknown_method(String mode) throws Exception {
        InProcessTarget target = new InProcessTarget(TaskTesting.core(Map.of("AGENT_MCP_SESSIONS", mode))
                .agentPort());
        Exchange initialized = target.send(McpTesting.post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
                + "\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}").build());
        var listen = McpTesting.post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"subscriptions/listen\","
                + "\"params\":{\"notifications\":{\"taskIds\":[\"a\"]}}}").header("MCP-Protocol-Version",
                "2025-11-25");
        String session = initialized.header("Mcp-Session-Id");
        if (session != null) {
            listen.header("Mcp-Session-Id", session);
        }
        Exchange answer = target.send(listen.build());
        assertEquals(200, answer.status(), answer.toString());
        assertEquals(McpError.METHOD_NOT_FOUND, answer.json().at("/error/code").asInt(), answer.toString());
    }

    @Test
    void the_draft_notification_name_never_appears() throws Exception {
        String id = waiting(server);
        OpenCall listen = server.listen(taskIds(id), true, ClientConnection.UNKNOWN);
        List<String> methods = new ArrayList<>();
        methods.add(listen.next().path("method").asText());
        methods.add(until(listen, "input_required", "listen-1").path("method").asText());
        server.update(id, bothAnswers());
        methods.add(until(listen, "completed", "listen-1").path("method").asText());
        assertFalse(methods.contains("notifications/tasks/status"), methods.toString());
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }
}
