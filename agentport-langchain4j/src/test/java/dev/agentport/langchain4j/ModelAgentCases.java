package dev.agentport.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.ContractCase;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.LocalAdapterCases;
import dev.agentport.contract.McpCases;
import dev.agentport.contract.SseEvent;
import dev.agentport.json.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.agentport.contract.CaseRequest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rules of the built-in model agent ({@code AGENT_MODEL_PROVIDER=openai}) for a target started with
 * {@link #env(String)} against a {@link ScriptedModelServer} that answers its default reply, except to the user
 * messages {@link #answering} ties to an error status or a slow answer. Not in the main suite: its targets serve the
 * default agent.
 */
public final class ModelAgentCases {

    /** The key the targets are started with: it must reach the model server. */
    public static final String KEY = "sk-cases-7d1e4a90";

    /**
     * The targets' run timeout: every target of a suite shares one environment, so the slow answer's case needs it
     * short for all; long enough for any other case's model call on a loaded machine.
     */
    public static final int RUN_TIMEOUT_SECONDS = 5;

    private static final String SERVER_ERROR = "answer with a server error";
    private static final String REFUSED_KEY = "answer that the key is refused";
    private static final String SLOW = "answer after the run timeout";
    private static final String PROVIDER_BODY = "{\"error\":{\"message\":\"internal detail 42\"}}";

    private ModelAgentCases() {
    }

    /**
     * The model agent's variables, over the suite's environment; at {@code LOG_LEVEL=DEBUG}, so that a check that the
     * key is on no log line covers the most a target logs.
     */
    public static Map<String, String> env(String baseUrl) {
        return Map.of("AGENT_MODEL_PROVIDER", "openai", "AGENT_MODEL_NAME", "scripted-model",
                "OPENAI_BASE_URL", baseUrl, "OPENAI_API_KEY", KEY, "LOG_LEVEL", "DEBUG",
                "AGENT_RUN_TIMEOUT_SECONDS", String.valueOf(RUN_TIMEOUT_SECONDS));
    }

    /**
     * With the model server answering; ties the error and slow cases' messages to their answers on {@code model}. A
     * tool call and its follow-up are not here: the built-in agent, chosen by environment variables alone, has no tool
     * ({@code LangChain4jAgentTest} and {@code ToolProgressOverMcpTest} cover them).
     */
    public static List<ContractCase> answering(ScriptedModelServer model) {
        tieAnswers(model);
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
                        }),
                ContractCase.of("model_agent_stream_gives_the_reply_tokens_as_separate_deltas",
                        post("/stream").authorized().json("{\"input\":\"hello\"}").build(), (answer, target) -> {
                            assertEquals(200, answer.status(), answer.toString());
                            List<String> deltas = new ArrayList<>();
                            for (SseEvent event : answer.events()) {
                                if (event.event() == null && !event.isDone()) {
                                    deltas.add(json(event.data()).get("delta").asText());
                                }
                            }
                            assertEquals(List.of("The ", "scripted ", "model ", "heard: ", "hello"), deltas,
                                    answer.toString());
                            SseEvent result = answer.events().get(answer.events().size() - 2);
                            assertEquals("result", result.event(), answer.toString());
                            assertEquals("The scripted model heard: hello",
                                    json(result.data()).get("output").asText());
                        }),
                ContractCase.of("model_agent_daedalus_task_answers_the_same_reply",
                        daedalus("hello"), (answer, target) -> {
                            assertEquals(200, answer.status(), answer.toString());
                            assertEquals("completed", answer.json().at("/status/state").asText(), answer.toString());
                            assertEquals("The scripted model heard: hello",
                                    answer.json().at("/artifacts/0/parts/0/text").asText());
                        }),
                ContractCase.of("model_agent_error_status_on_invoke_is_a_500_naming_the_provider_not_its_body",
                        post("/invoke").authorized().json("{\"input\":\"" + SERVER_ERROR + "\"}").build(),
                        (answer, target) -> {
                            assertEquals(500, answer.status(), answer.toString());
                            assertEquals("INTERNAL_ERROR", answer.json().at("/error/code").asText(), answer.toString());
                            assertEquals("the model provider openai failed (HTTP 500)",
                                    answer.json().at("/error/message").asText(), answer.toString());
                            assertNoProviderBody(answer);
                        }),
                ContractCase.of("model_agent_refused_key_on_daedalus_is_a_failed_task_naming_the_provider_not_its_body",
                        daedalus(REFUSED_KEY), (answer, target) -> {
                            assertEquals(200, answer.status(), answer.toString());
                            assertEquals("failed", answer.json().at("/status/state").asText(), answer.toString());
                            assertTrue(answer.json().at("/status/message/parts/0/text").asText()
                                    .contains("the model provider openai refused the API key (HTTP 401)"),
                                    answer.toString());
                            assertNoProviderBody(answer);
                        }),
                ContractCase.of("model_agent_slow_answer_on_invoke_is_504_deadline_exceeded_at_the_run_timeout",
                        post("/invoke").authorized().json("{\"input\":\"" + SLOW + "\"}").build(),
                        (answer, target) -> {
                            assertEquals(504, answer.status(), answer.toString());
                            assertEquals("DEADLINE_EXCEEDED", answer.json().at("/error/code").asText(),
                                    answer.toString());
                            assertNoProviderBody(answer);
                        }));
    }

    /**
     * {@code /run-task}, served on the user's own machine only: by the Helidon server started with
     * {@code AGENT_LOCAL_ADAPTER=true}.
     */
    public static List<ContractCase> localAdapter(ScriptedModelServer model) {
        tieAnswers(model);
        return List.of(
                ContractCase.of("model_agent_run_task_answers_the_same_reply",
                        runTask("hello"), (answer, target) -> {
                            assertEquals(200, answer.status(), answer.toString());
                            assertTrue(answer.json().path("success").asBoolean(), answer.toString());
                            assertEquals("The scripted model heard: hello",
                                    answer.json().at("/output/text").asText());
                        }),
                ContractCase.of("model_agent_error_status_on_run_task_is_a_failure_naming_the_provider_not_its_body",
                        runTask(SERVER_ERROR), (answer, target) -> {
                            assertEquals(200, answer.status(), answer.toString());
                            assertFalse(answer.json().path("success").asBoolean(), answer.toString());
                            assertEquals("the model provider openai failed (HTTP 500)",
                                    answer.json().path("error").asText(), answer.toString());
                            assertNoProviderBody(answer);
                        }));
    }

    private static void tieAnswers(ScriptedModelServer model) {
        model.whenAsked(SERVER_ERROR, new ScriptedModelServer.Status(500, PROVIDER_BODY))
                .whenAsked(REFUSED_KEY, new ScriptedModelServer.Status(401, PROVIDER_BODY))
                .whenAsked(SLOW, new ScriptedModelServer.Stall(false, "too late"));
    }

    private static CaseRequest runTask(String text) {
        return post("/run-task").json(LocalAdapterCases.task("rt-{run}", "rt-{run}", text)).build();
    }

    /** A Daedalus {@code message/send} as its README shows it: {@code POST /} with one user text part. */
    private static CaseRequest daedalus(String text) {
        return post("/").authorized().json("{\"message\":{\"messageId\":\"m-{run}\",\"role\":\"user\","
                + "\"parts\":[{\"text\":\"" + text + "\"}]}}").build();
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

    private static JsonNode json(String text) throws IOException {
        return Json.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertNoProviderBody(Exchange answer) {
        assertFalse(answer.text().contains("internal detail"), answer.toString());
        assertNoStackTrace(answer);
    }

    private static void assertNoStackTrace(Exchange answer) {
        assertFalse(answer.text().contains("Exception"), answer.toString());
        assertFalse(answer.text().contains(KEY), answer.toString());
    }
}
