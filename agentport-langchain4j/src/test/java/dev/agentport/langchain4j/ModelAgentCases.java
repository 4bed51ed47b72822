package dev.agentport.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.contract.ContractCase;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.McpCases;

import java.util.List;
import java.util.Map;

import static dev.agentport.contract.CaseRequest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rules of the built-in model agent ({@code AGENT_MODEL_PROVIDER=openai}) for a target started with
 * {@link #env(String)} against a {@link ScriptedModelServer} that answers its default reply. Not in the main suite:
 * its targets serve the default agent.
 */
public final class ModelAgentCases {

    /** The key the targets are started with: it must reach the model server. */
    public static final String KEY = "sk-cases-7d1e4a90";

    private ModelAgentCases() {
    }

    /**
     * The model agent's variables, over the suite's environment; at {@code LOG_LEVEL=DEBUG}, so that a check that the
     * key is on no log line covers the most a target logs.
     */
    public static Map<String, String> env(String baseUrl) {
        return Map.of("AGENT_MODEL_PROVIDER", "openai", "AGENT_MODEL_NAME", "scripted-model",
                "OPENAI_BASE_URL", baseUrl, "OPENAI_API_KEY", KEY, "LOG_LEVEL", "DEBUG");
    }

    /** With the model server answering. */
    public static List<ContractCase> answering(ScriptedModelServer model) {
        return List.of(
                ContractCase.of("model_agent_invoke_answers_the_model_reply",
                        post("/invoke").authorized().json("{\"input\":\"hello\"}").build(), (answer, target) -> {
                            assertEquals(200, answer.status(), answer.toString());
                            assertEquals("The scripted model heard: hello", answer.json().get("output").asText());
                            assertEquals("Bearer " + KEY, model.received().getLast().authorization());
                        }),
                ContractCase.of("model_agent_second_turn_sends_the_first_turn_history",
                        List.of(post("/invoke").authorized()
                                .json("{\"input\":\"I am Ada\",\"session_id\":\"ada-{run}\"}").build()),
                        post("/invoke").authorized()
                                .json("{\"input\":\"who am I?\",\"session_id\":\"ada-{run}\"}").build(),
                        (answer, target) -> {
                            assertEquals(200, answer.status(), answer.toString());
                            assertEquals("The scripted model heard: who am I?", answer.json().get("output").asText());
                            assertEquals(List.of("user: I am Ada", "assistant: The scripted model heard: I am Ada",
                                    "user: who am I?"), model.received().getLast().messages());
                        }),
                ContractCase.of("model_agent_mcp_send_message_answers_the_same_reply",
                        McpCases.mcp("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":"
                                + "{\"name\":\"send_message\",\"arguments\":{\"message\":\"hello\"}}}").build(),
                        (answer, target) -> {
                            assertEquals(200, answer.status(), answer.toString());
                            JsonNode result = answer.json().get("result");
                            assertFalse(result.path("isError").asBoolean(false), answer.toString());
                            assertEquals("The scripted model heard: hello", result.at("/content/0/text").asText());
                        }),
                ContractCase.of("model_agent_a2a_send_message_answers_the_same_reply",
                        post("/a2a").authorized().header("A2A-Version", "1.0").json("{\"jsonrpc\":\"2.0\",\"id\":\"1\","
                                + "\"method\":\"SendMessage\",\"params\":{\"message\":{\"messageId\":\"m-{run}\","
                                + "\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hello\"}]}}}").build(),
                        (answer, target) -> {
                            assertEquals(200, answer.status(), answer.toString());
                            JsonNode task = answer.json().at("/result/task");
                            assertEquals("TASK_STATE_COMPLETED", task.at("/status/state").asText(), answer.toString());
                            assertEquals("The scripted model heard: hello",
                                    task.at("/artifacts/0/parts/0/text").asText());
                        }));
    }

    /** With the model server stopped (connections refused). */
    public static List<ContractCase> stopped() {
        return List.of(ContractCase.of("model_agent_with_the_model_server_stopped_invoke_is_a_5xx_naming_the_provider",
                post("/invoke").authorized().json("{\"input\":\"hello\"}").build(), (answer, target) -> {
                    assertTrue(answer.status() >= 500 && answer.status() < 600, answer.toString());
                    assertEquals("the model provider openai could not be reached",
                            answer.json().at("/error/message").asText(), answer.toString());
                    assertNoStackTrace(answer);
                }));
    }

    private static void assertNoStackTrace(Exchange answer) {
        assertFalse(answer.text().contains("Exception"), answer.toString());
        assertFalse(answer.text().contains(KEY), answer.toString());
    }
}
