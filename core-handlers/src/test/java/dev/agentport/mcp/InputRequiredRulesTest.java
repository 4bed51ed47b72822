package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.AgentPort;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In 2026-07-28 a tool's questions end the call with an {@code input_required} result; the client retries with the
 * answers and the signed {@code requestState}, on any instance that shares the key.
 */
class InputRequiredRulesTest {

    private static final byte[] KEY = "a-key-every-instance-shares-000000".getBytes(StandardCharsets.UTF_8);

    private static InProcessTarget instance() {
        return new InProcessTarget(AgentPort.builder().agent(new DefaultAgent())
                .config(RuntimeConfig.fromEnvironment(Map.of()))
                .face(new McpFace(McpSettings.fromEnvironment(Map.of()), null, null, List.of(new AskingFixture()),
                        null, KEY))
                .build());
    }

    /** A 2026-07-28 {@code tools/call} of {@code tool} with {@code extra} params and a client that can do it all. */
    private static JsonNode call(InProcessTarget target, String tool, ObjectNode extra) throws Exception {
        ObjectNode params = Json.object().put("name", tool);
        params.putObject("arguments");
        ObjectNode meta = params.putObject("_meta").put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.putObject("io.modelcontextprotocol/clientCapabilities").put("x", 1).putObject("elicitation");
        ((ObjectNode) meta.get("io.modelcontextprotocol/clientCapabilities")).putObject("sampling");
        params.setAll(extra);
        ObjectNode message = Json.object().put("jsonrpc", "2.0").put("id", 5).put("method", "tools/call");
        message.set("params", params);
        Exchange answer = target.send(McpTesting.post(message.toString()).header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call").header("Mcp-Name", tool).build());
        return answer.isEventStream() ? Json.parse(answer.events().get(answer.events().size() - 1).data()
                .getBytes(StandardCharsets.UTF_8)) : answer.json();
    }

    private static ObjectNode retry(JsonNode asked, String key, String value) {
        ObjectNode extra = Json.object();
        if (asked.at("/result/requestState").isTextual()) {
            extra.put("requestState", asked.at("/result/requestState").asText());
        }
        extra.putObject("inputResponses").putObject(key).put("action", "accept").putObject("content")
                .put("value", value);
        return extra;
    }

    @Test
    void an_unanswered_question_ends_the_call_with_input_required_and_a_request_state() throws Exception {
        JsonNode asked = call(instance(), "ask_name", Json.object());
        assertEquals("input_required", asked.at("/result/resultType").asText(), asked.toString());
        assertEquals("elicitation/create", asked.at("/result/inputRequests/name/method").asText());
        assertTrue(asked.at("/result/requestState").isTextual());
        assertFalse(asked.at("/result").has("content"));
    }

    @Test
    void the_retry_with_the_answer_completes_on_another_instance() throws Exception {
        JsonNode asked = call(instance(), "ask_name", Json.object());
        JsonNode done = call(instance(), "ask_name", retry(asked, "name", "Ada"));
        assertEquals("complete", done.at("/result/resultType").asText(), done.toString());
        assertEquals("Hello, Ada!", done.at("/result/content/0/text").asText());
    }

    @Test
    void several_questions_are_asked_in_one_round() throws Exception {
        JsonNode asked = call(instance(), "ask_both", Json.object());
        assertEquals(List.of("name", "poem"), List.copyOf(Json.MAPPER.convertValue(
                asked.at("/result/inputRequests"), Map.class).keySet()));
    }

    @Test
    void each_round_asks_the_next_question_and_carries_the_earlier_answers_in_its_state() throws Exception {
        InProcessTarget target = instance();
        JsonNode first = call(target, "ask_twice", Json.object());
        JsonNode second = call(target, "ask_twice", retry(first, "first", "tea"));
        assertEquals("input_required", second.at("/result/resultType").asText(), second.toString());
        assertTrue(second.at("/result/inputRequests").has("second"));
        assertNotEquals(first.at("/result/requestState"), second.at("/result/requestState"));
        JsonNode done = call(target, "ask_twice", retry(second, "second", "cake"));
        assertEquals("tea then cake", done.at("/result/content/0/text").asText(), done.toString());
    }

    @Test
    void a_missing_answer_is_asked_again_and_unknown_answers_are_ignored() throws Exception {
        JsonNode again = call(instance(), "ask_name", retry(Json.object(), "unknown", "x"));
        assertEquals("input_required", again.at("/result/resultType").asText(), again.toString());
        assertTrue(again.at("/result/inputRequests").has("name"));
    }

    @Test
    void a_tampered_request_state_is_refused_with_invalid_params() throws Exception {
        JsonNode asked = call(instance(), "ask_name", Json.object());
        ObjectNode tampered = retry(asked, "name", "Eve").put("requestState",
                asked.at("/result/requestState").asText() + "-TAMPERED");
        JsonNode refused = call(instance(), "ask_name", tampered);
        assertEquals(McpError.INVALID_PARAMS, refused.at("/error/code").asInt(), refused.toString());
    }

    @Test
    void input_responses_that_are_not_results_are_refused_with_invalid_params() throws Exception {
        ObjectNode notAnObject = Json.object();
        notAnObject.putObject("inputResponses").put("name", 12345);
        assertEquals(McpError.INVALID_PARAMS, call(instance(), "ask_name", notAnObject).at("/error/code").asInt());
        ObjectNode nullResponses = Json.object();
        nullResponses.putNull("inputResponses");
        assertEquals(McpError.INVALID_PARAMS, call(instance(), "ask_name", nullResponses).at("/error/code").asInt());
    }

    @Test
    void a_question_needing_an_undeclared_capability_is_refused_with_minus_32021() throws Exception {
        ObjectNode noCapabilities = Json.object();
        noCapabilities.putObject("_meta").put("io.modelcontextprotocol/protocolVersion", "2026-07-28")
                .putObject("io.modelcontextprotocol/clientCapabilities");
        JsonNode refused = call(instance(), "ask_name", noCapabilities);
        assertEquals(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY, refused.at("/error/code").asInt(),
                refused.toString());
    }
}
