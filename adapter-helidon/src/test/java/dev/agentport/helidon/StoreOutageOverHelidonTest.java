package dev.agentport.helidon;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.HttpTarget;
import dev.agentport.contract.SseEvent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.mcp.McpFace;
import dev.agentport.mcp.McpSettings;
import dev.agentport.mcp.McpTesting;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.store.StateStores;
import dev.agentport.testing.FailingStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.agentport.testing.FailingStores.Operation.APPEND_TURN;
import static dev.agentport.testing.FailingStores.Operation.READ_CONVERSATION;
import static dev.agentport.testing.OutageAnswers.MESSAGE;
import static dev.agentport.testing.OutageAnswers.assertNothingLeaks;
import static dev.agentport.testing.OutageAnswers.assertUnavailable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A failing state store on a real Helidon server: 503 with {@code Retry-After} before a stream opens, and each
 * face's own last event on a stream that had begun, written and terminated over HTTP.
 */
class StoreOutageOverHelidonTest {

    private final FailingStores store = new FailingStores();
    private final AgentPortServer server = server(store.stores());
    private final HttpTarget target = new HttpTarget("helidon", "http://127.0.0.1:" + server.port(), true);

    private static AgentPortServer server(StateStores stores) {
        return AgentPortServer.builder()
                .agent(new DefaultAgent(Duration.ofMillis(5)))
                .config(RuntimeConfig.fromEnvironment(Map.of("PORT", "0")))
                .sessionStore(stores.sessions())
                .taskStore(stores.tasks())
                .face(new McpFace(McpSettings.fromEnvironment(Map.of()), stores.mcpSessions(), null, List.of()))
                .build()
                .start();
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    private JsonNode lastEvent(Exchange answer) throws Exception {
        assertEquals(200, answer.status());
        assertNothingLeaks(answer.text());
        List<SseEvent> events = answer.events();
        return Json.MAPPER.readTree(events.get(events.size() - 1).data());
    }

    @Test
    void invoke_is_503_service_unavailable_with_retry_after() throws Exception {
        store.fail(READ_CONVERSATION);
        Exchange answer = target.send(CaseRequest.post("/invoke").json("{\"input\":\"hello\"}").build());
        assertUnavailable(answer);
        assertEquals("SERVICE_UNAVAILABLE", answer.json().at("/error/code").asText());
    }

    @Test
    void agentbreeder_stream_ends_with_an_error_event_then_done_when_the_turn_cannot_be_kept() throws Exception {
        store.fail(APPEND_TURN);
        Exchange answer = target.send(CaseRequest.post("/stream").json("{\"input\":\"hello\"}").build());
        assertEquals(200, answer.status());
        List<SseEvent> events = answer.events();
        assertEquals("error", events.get(events.size() - 2).event());
        assertEquals("{\"error\":\"" + MESSAGE + "\"}", events.get(events.size() - 2).data());
        assertTrue(events.get(events.size() - 1).isDone());
        assertTrue(events.stream().noneMatch(event -> "result".equals(event.event())));
    }

    @Test
    void daedalus_stream_ends_failed_when_the_turn_cannot_be_kept() throws Exception {
        store.fail(APPEND_TURN);
        JsonNode last = lastEvent(target.send(CaseRequest.post("/").header("Accept", "text/event-stream")
                .json("{\"message\":{\"messageId\":\"m1\",\"role\":\"user\",\"parts\":[{\"text\":\"hello\"}]}}")
                .build()));
        assertTrue(last.get("final").asBoolean());
        assertEquals("failed", last.at("/status/state").asText());
        assertEquals(MESSAGE, last.at("/status/message/parts/0/text").asText());
    }

    @Test
    void json_rpc_stream_ends_with_a_json_rpc_error_when_the_turn_cannot_be_kept() throws Exception {
        store.fail(APPEND_TURN);
        Exchange answer = target.send(CaseRequest.post("/a2a").header("A2A-Version", "1.0")
                .json("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"SendStreamingMessage\",\"params\":{\"message\":"
                        + "{\"messageId\":\"m1\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hello\"}]}}}").build());
        JsonNode last = lastEvent(answer);
        assertEquals(5, last.get("id").asInt());
        assertEquals(MESSAGE, last.at("/error/message").asText());
        assertFalse(answer.text().contains("TASK_STATE_COMPLETED"));
    }

    @Test
    void mcp_progress_stream_ends_with_a_json_rpc_error_when_the_turn_cannot_be_kept() throws Exception {
        store.fail(APPEND_TURN);
        JsonNode last = lastEvent(target.send(McpTesting.post("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":"
                + "\"tools/call\",\"params\":{\"name\":\"send_message\",\"arguments\":{\"message\":\"hello\"},"
                + "\"_meta\":{\"progressToken\":\"p1\"}}}").build()));
        assertEquals(4, last.get("id").asInt());
        assertEquals(MESSAGE, last.at("/error/message").asText());
    }
}
