package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Up to 2025-11-25 a tool's question to the client is a request on its call's event stream; the client posts the answer
 * to {@code /mcp} and the tool continues. Matched by id alone, so it works without sessions as with them.
 */
class McpClientRequestRulesTest {

    private static final String V2025 = "2025-11-25";

    private static InProcessTarget core(Map<String, String> env, boolean sessions) {
        return new InProcessTarget(AgentPort.builder().agent(new DefaultAgent())
                .config(RuntimeConfig.fromEnvironment(env))
                .face(new McpFace(McpSettings.fromEnvironment(Map.of()).withStateful(sessions), null, null,
                        List.of(new AskingFixture())))
                .build());
    }

    private static String call(String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool + "\"}}";
    }

    private static Exchange answer(InProcessTarget core, JsonNode request, String result, Map<String, String> headers)
            throws Exception {
        var post = McpTesting.post("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":" + result + "}");
        headers.forEach(post::header);
        return core.send(post.build());
    }

    private static String accepted(String value) {
        return "{\"action\":\"accept\",\"content\":{\"value\":\"" + value + "\"}}";
    }

    @Test
    void a_tools_question_goes_out_on_its_stream_and_the_posted_answer_lets_it_finish() throws Exception {
        InProcessTarget core = core(Map.of(), false);
        OpenCall call = OpenCall.post(core.core(), call("ask_name"), Map.of("MCP-Protocol-Version", V2025));
        JsonNode request = call.next();
        assertEquals("elicitation/create", request.get("method").asText(), request.toString());
        assertEquals("your name?", request.at("/params/message").asText());
        assertEquals(202, answer(core, request, accepted("Ada"), Map.of()).status());
        JsonNode result = call.next();
        assertEquals(7, result.get("id").asInt());
        assertEquals("Hello, Ada!", result.at("/result/content/0/text").asText(), result.toString());
    }

    @Test
    void with_sessions_the_answer_is_matched_the_same_way() throws Exception {
        InProcessTarget core = core(Map.of(), true);
        Exchange initialized = core.send(McpTesting.post("{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":"
                + "{\"elicitation\":{}},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}").build());
        Map<String, String> session = Map.of("Mcp-Session-Id", initialized.header("Mcp-Session-Id"),
                "MCP-Protocol-Version", V2025);
        OpenCall call = OpenCall.post(core.core(), call("ask_name"), session);
        assertEquals(202, answer(core, call.next(), accepted("Grace"), session).status());
        assertEquals("Hello, Grace!", call.next().at("/result/content/0/text").asText());
    }

    @Test
    void several_questions_go_out_at_once_with_ids_no_other_request_has() throws Exception {
        InProcessTarget core = core(Map.of(), false);
        OpenCall call = OpenCall.post(core.core(), call("ask_both"), Map.of());
        JsonNode name = call.next();
        JsonNode poem = call.next();
        assertEquals("sampling/createMessage", poem.get("method").asText());
        assertNotEquals(name.get("id"), poem.get("id"));
        assertTrue(name.get("id").asText().startsWith("agentport-"), name.toString());
        answer(core, poem, "{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"roses\"},"
                + "\"model\":\"m\"}", Map.of());
        answer(core, name, accepted("Ada"), Map.of());
        assertEquals("Ada / roses", call.next().at("/result/content/0/text").asText());
    }

    @Test
    void an_answer_no_question_waits_for_is_accepted_and_ignored() throws Exception {
        Exchange answer = core(Map.of(), false).send(McpTesting.post(
                "{\"jsonrpc\":\"2.0\",\"id\":\"agentport-unknown\",\"result\":{}}").build());
        assertEquals(202, answer.status());
    }

    @Test
    void a_question_needing_a_capability_the_session_did_not_declare_is_refused() throws Exception {
        InProcessTarget core = core(Map.of(), true);
        Exchange initialized = core.send(McpTesting.post("{\"jsonrpc\":\"2.0\",\"id\":1,"
                + "\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":"
                + "{\"sampling\":{}},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}").build());
        OpenCall call = OpenCall.post(core.core(), call("ask_name"),
                Map.of("Mcp-Session-Id", initialized.header("Mcp-Session-Id"), "MCP-Protocol-Version", V2025));
        JsonNode refused = call.next();
        assertEquals(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY, refused.at("/error/code").asInt(),
                refused.toString());
        assertTrue(refused.at("/error/data/requiredCapabilities/elicitation").isObject(), refused.toString());
    }

    @Test
    void a_question_declared_in_the_requests_meta_needs_no_session() throws Exception {
        OpenCall call = OpenCall.post(core(Map.of(), false).core(), "{\"jsonrpc\":\"2.0\",\"id\":7,"
                + "\"method\":\"tools/call\",\"params\":{\"name\":\"ask_name\",\"_meta\":"
                + "{\"io.modelcontextprotocol/clientCapabilities\":{\"sampling\":{}}}}}", Map.of());
        assertEquals(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY, call.next().at("/error/code").asInt());
    }

    @Test
    void the_wait_for_an_answer_ends_at_the_run_timeout() throws Exception {
        Map<String, String> env = new HashMap<>(Map.of("AGENT_RUN_TIMEOUT_SECONDS", "1"));
        OpenCall call = OpenCall.post(core(env, false).core(), call("ask_name"), Map.of());
        call.next();
        JsonNode failed = call.next();
        assertTrue(failed.at("/error/message").asText().contains("did not answer elicitation/create"),
                failed.toString());
    }
}
