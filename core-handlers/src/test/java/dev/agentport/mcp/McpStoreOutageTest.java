package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.contract.SseEvent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.FailingStores;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.agentport.testing.FailingStores.Operation.APPEND_TURN;
import static dev.agentport.testing.FailingStores.Operation.CLAIM_PAUSED;
import static dev.agentport.testing.FailingStores.Operation.CREATE_MCP_SESSION;
import static dev.agentport.testing.FailingStores.Operation.END_MCP_SESSION;
import static dev.agentport.testing.FailingStores.Operation.FIND_MCP_SESSION;
import static dev.agentport.testing.FailingStores.Operation.READ_CONVERSATION;
import static dev.agentport.testing.OutageAnswers.MESSAGE;
import static dev.agentport.testing.OutageAnswers.assertNothingLeaks;
import static dev.agentport.testing.OutageAnswers.assertUnavailable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The MCP face when the state store fails: a JSON-RPC error on HTTP 503 with {@code Retry-After}, or, once a tool
 * call's event stream has begun, a JSON-RPC error as its answer; never the reply of a turn that was not kept.
 */
class McpStoreOutageTest {

    private static final String SEND = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":"
            + "\"send_message\",\"arguments\":{\"message\":\"hello\"}%s}}";
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    private final FailingStores store = new FailingStores();

    private InProcessTarget target(String sessions) {
        return new InProcessTarget(AgentPort.builder().agent(new DefaultAgent(Duration.ZERO))
                .config(RuntimeConfig.fromEnvironment(Map.of())).stateStores(store.stores())
                .face(new McpFace(McpSettings.fromEnvironment(Map.of("AGENT_MCP_SESSIONS", sessions)), null, null,
                        List.of()))
                .build());
    }

    private static void assertMcpUnavailable(Exchange answer, String id) {
        assertUnavailable(answer);
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32603,\"message\":\"" + MESSAGE
                + "\"}}", answer.text());
    }

    @Test
    void tools_call_is_503_when_the_history_cannot_be_read() throws Exception {
        store.fail(READ_CONVERSATION);
        assertMcpUnavailable(target("stateless").send(McpTesting.post(SEND.formatted("")).build()), "3");
    }

    @Test
    void tools_call_whose_turn_cannot_be_appended_is_503_and_not_the_reply() throws Exception {
        store.fail(APPEND_TURN);
        Exchange answer = target("stateless").send(McpTesting.post(SEND.formatted("")).build());
        assertMcpUnavailable(answer, "3");
        assertFalse(answer.text().contains("You said"));
    }

    @Test
    void streamed_tools_call_whose_turn_cannot_be_appended_ends_with_a_json_rpc_error() throws Exception {
        store.fail(APPEND_TURN);
        Exchange answer = target("stateless").send(McpTesting.post(
                SEND.formatted(",\"_meta\":{\"progressToken\":\"p1\"}")).build());
        assertEquals(200, answer.status());
        List<SseEvent> events = answer.events();
        JsonNode last = Json.MAPPER.readTree(events.get(events.size() - 1).data());
        assertEquals(3, last.get("id").asInt());
        assertEquals(-32603, last.at("/error/code").asInt());
        assertEquals(MESSAGE, last.at("/error/message").asText());
        assertFalse(answer.text().contains("\"result\""));
        assertNothingLeaks(answer.text());
    }

    @Test
    void a_message_in_a_conversation_that_did_not_pause_never_asks_the_store_for_a_paused_run() throws Exception {
        store.fail(CLAIM_PAUSED);
        InProcessTarget target = target("stateless");
        String inConversation = SEND.formatted("").replace("\"hello\"}", "\"hello\",\"conversation_id\":\"c-1\"}");
        for (int turn = 1; turn <= 2; turn++) {
            Exchange answer = target.send(McpTesting.post(inConversation).build());
            assertEquals(200, answer.status());
            assertFalse(answer.text().contains("\"error\""), answer.text());
        }
    }

    @Test
    void initialize_is_503_when_the_session_cannot_be_created() throws Exception {
        store.fail(CREATE_MCP_SESSION);
        Exchange answer = target("store").send(McpTesting.post(INITIALIZE).build());
        assertMcpUnavailable(answer, "3");
        assertEquals(null, answer.header("Mcp-Session-Id"));
    }

    @Test
    void a_request_is_503_when_its_session_cannot_be_looked_up() throws Exception {
        InProcessTarget target = target("store");
        String session = target.send(McpTesting.post(INITIALIZE).build()).header("Mcp-Session-Id");
        store.fail(FIND_MCP_SESSION);
        assertMcpUnavailable(target.send(McpTesting.post(SEND.formatted(""))
                .header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25").build()), "3");
    }

    @Test
    void delete_is_503_when_the_session_cannot_be_ended() throws Exception {
        InProcessTarget target = target("store");
        String session = target.send(McpTesting.post(INITIALIZE).build()).header("Mcp-Session-Id");
        store.fail(END_MCP_SESSION);
        assertMcpUnavailable(target.send(CaseRequest.method("DELETE", "/mcp").header("Mcp-Session-Id", session)
                .build()), "null");
    }
}
