package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A requestState carries a request's answers to any instance with the key, and only unchanged, for that request. */
class RequestStateTest {

    private static final byte[] KEY = "k".repeat(32).getBytes(StandardCharsets.UTF_8);
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    private static RequestState at(Instant now) {
        return new RequestState(KEY, Clock.fixed(now, ZoneOffset.UTC));
    }

    private static ObjectNode params(String tool) {
        ObjectNode params = Json.object().put("name", tool);
        params.putObject("arguments").put("a", 1).put("b", 2);
        return params;
    }

    private static ObjectNode answers() {
        ObjectNode answers = Json.object();
        answers.putObject("user_name").put("action", "accept").putObject("content").put("name", "Ada");
        return answers;
    }

    private static void assertRefused(RequestState states, String state, ObjectNode params) {
        McpError refused = assertThrows(McpError.class, () -> states.open(state, "tools/call", params));
        assertEquals(McpError.INVALID_PARAMS, refused.code());
    }

    @Test
    void a_sealed_state_opens_to_its_answers_on_another_instance_with_the_same_key() {
        String state = at(NOW).seal("tools/call", params("t"), answers());
        assertEquals(answers(), at(NOW.plusSeconds(5)).open(state, "tools/call", params("t")));
    }

    @Test
    void the_retrys_inputs_meta_and_key_order_do_not_matter() {
        String state = at(NOW).seal("tools/call", params("t"), answers());
        ObjectNode retry = Json.object();
        retry.putObject("arguments").put("b", 2).put("a", 1);
        retry.put("name", "t").put("requestState", state);
        retry.putObject("inputResponses").putObject("x");
        retry.putObject("_meta").put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        assertEquals(answers(), at(NOW).open(state, "tools/call", retry));
    }

    @Test
    void a_tampered_state_is_refused() {
        String state = at(NOW).seal("tools/call", params("t"), answers());
        assertRefused(at(NOW), state + "-TAMPERED", params("t"));
        String body = state.substring(0, state.indexOf('.'));
        String forged = new String(Base64.getUrlDecoder().decode(body), StandardCharsets.UTF_8).replace("Ada", "Eve");
        assertRefused(at(NOW), Base64.getUrlEncoder().withoutPadding().encodeToString(
                forged.getBytes(StandardCharsets.UTF_8)) + state.substring(state.indexOf('.')), params("t"));
        assertRefused(at(NOW), "not a state", params("t"));
    }

    @Test
    void a_state_signed_with_another_key_is_refused() {
        String state = new RequestState("o".repeat(32).getBytes(StandardCharsets.UTF_8),
                Clock.fixed(NOW, ZoneOffset.UTC)).seal("tools/call", params("t"), answers());
        assertRefused(at(NOW), state, params("t"));
    }

    @Test
    void a_state_of_another_request_is_refused() {
        String state = at(NOW).seal("tools/call", params("t"), answers());
        assertRefused(at(NOW), state, params("other"));
        ObjectNode otherArguments = params("t");
        ((ObjectNode) otherArguments.get("arguments")).put("a", 9);
        assertRefused(at(NOW), state, otherArguments);
        assertThrows(McpError.class, () -> at(NOW).open(state, "prompts/get", params("t")));
    }

    @Test
    void an_expired_state_is_refused() {
        String state = at(NOW).seal("tools/call", params("t"), answers());
        assertRefused(at(NOW.plus(RequestState.LIFETIME).plus(Duration.ofSeconds(2))), state, params("t"));
    }

    @Test
    void the_state_key_comes_from_the_environment_and_must_be_long_enough() {
        assertEquals("s".repeat(40), new String(RequestState.keyFromEnvironment(
                Map.of("AGENT_MCP_STATE_KEY", "s".repeat(40))), StandardCharsets.UTF_8));
        IllegalArgumentException tooShort = assertThrows(IllegalArgumentException.class,
                () -> RequestState.keyFromEnvironment(Map.of("AGENT_MCP_STATE_KEY", "short-secret")));
        assertTrue(tooShort.getMessage().contains("AGENT_MCP_STATE_KEY"));
        assertFalse(tooShort.getMessage().contains("short-secret"), "the message must not show the key");
        assertEquals(32, RequestState.keyFromEnvironment(Map.of()).length);
    }
}
