package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.agentport.contract.CaseRequest.method;
import static dev.agentport.contract.CaseRequest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Local HTTP Adapter Contract V1 as cases, run against the core in-process and the Helidon server (the only
 * target that serves the face) with {@link #ENV}. A remote caller's refusal has its own tests, since every target
 * here is reached from loopback.
 */
public final class LocalAdapterCases {

    /** The suite's environment with the local adapter on. */
    public static final Map<String, String> ENV = environment();

    /** A token a runtime might send by mistake; no answer may carry it. */
    public static final String RUNTIME_TOKEN = "rt-local-secret-7c1e";

    static final String PATH = "/run-task";

    private LocalAdapterCases() {
    }

    public static List<ContractCase> all() {
        List<ContractCase> cases = new ArrayList<>();
        cases.addAll(runs());
        cases.addAll(artifacts());
        cases.addAll(badInput());
        cases.addAll(boundary());
        return cases;
    }

    static boolean owns(CaseRequest request) {
        return request.path().equals(PATH) || request.path().startsWith(PATH + "?");
    }

    static List<ContractCase> runs() {
        return List.of(
                ContractCase.of("run_task_answers_success_with_the_output_text",
                        runTask(task("tr-{run}", "conv-{run}", "hello world")), (answer, target) -> {
                            assertSuccess(answer);
                            assertEquals("You said \"hello world\". This is turn 1 of this session.",
                                    answer.json().at("/output/text").asText());
                        }),
                ContractCase.of("run_task_conversation_id_is_the_session_key",
                        List.of(runTask(task("tr1-{run}", "same-{run}", "my name is Ada"))),
                        runTask(task("tr2-{run}", "same-{run}", "who am I?")), (answer, target) -> {
                            String text = assertSuccess(answer).at("/output/text").asText();
                            assertTrue(text.contains("This is turn 2 of this session"), text);
                            assertTrue(text.contains("my name is Ada"), text);
                        }),
                ContractCase.of("run_task_other_conversations_do_not_share_turns",
                        List.of(runTask(task("tr3-{run}", "first-{run}", "my name is Ada"))),
                        runTask(task("tr4-{run}", "second-{run}", "who am I?")), (answer, target) ->
                                assertTrue(assertSuccess(answer).at("/output/text").asText()
                                        .contains("This is turn 1 of this session"))),
                ContractCase.of("run_task_needs_only_task_run_id_conversation_id_and_input_text",
                        runTask("{\"task_run_id\":\"min-{run}\",\"conversation_id\":\"min-{run}\","
                                + "\"input\":{\"text\":\"hi\"}}"), (answer, target) -> assertSuccess(answer)),
                ContractCase.of("run_task_ignores_unknown_fields",
                        runTask("{\"task_run_id\":\"unk-{run}\",\"conversation_id\":\"unk-{run}\","
                                + "\"input\":{\"text\":\"hi\",\"attachments\":[]},\"future_field\":{\"a\":1},"
                                + "\"api_base\":\"https://api.example.com\"}"),
                        (answer, target) -> assertSuccess(answer)),
                ContractCase.of("run_task_without_a_content_type_is_read_as_json",
                        post(PATH).body(null, task("noct-{run}", "noct-{run}", "hi")
                                .getBytes(StandardCharsets.UTF_8)).build(), (answer, target) -> assertSuccess(answer)),
                ContractCase.of("run_task_paused_for_a_human_is_a_failure_naming_the_question",
                        runTask(task("pause-{run}", "pause-{run}", "please approve the refund")), (answer, target) -> {
                            assertFailure(answer, 200);
                            String error = answer.json().get("error").asText();
                            assertTrue(error.contains("human_approval") && error.contains("Approve"), error);
                        }));
    }

    static List<ContractCase> artifacts() {
        return List.of(
                ContractCase.of("run_task_returns_the_agents_files_as_artifact_write_requests",
                        runTask(task("file-{run}", "file-{run}", "write a file about tides")), (answer, target) -> {
                            JsonNode output = assertSuccess(answer).get("output");
                            JsonNode artifact = output.at("/artifacts/0");
                            assertEquals(1, output.get("artifacts").size(), output.toString());
                            assertEquals("file", artifact.get("artifact_type").asText());
                            assertEquals("reply.md", artifact.get("filename").asText());
                            assertEquals("reply.md", artifact.get("title").asText());
                            assertEquals("The reply of turn 1 as Markdown.", artifact.get("summary").asText());
                            assertEquals("text/markdown", artifact.get("mime_type").asText());
                            assertEquals("You said \"write a file about tides\". This is turn 1 of this session.",
                                    artifact.get("content_text").asText());
                            assertTrue(output.get("text").asText().contains("reply.md"), output.toString());
                            assertNull(artifact.get("artifact_id"), "the platform makes the artifact id");
                        }),
                ContractCase.of("run_task_without_files_has_no_artifacts",
                        runTask(task("nofile-{run}", "nofile-{run}", "hello")), (answer, target) ->
                                assertNull(assertSuccess(answer).at("/output").get("artifacts"))));
    }

    static List<ContractCase> badInput() {
        return List.of(
                bad("run_task_invalid_json_is_400", runTask("{\"task_run_id\": "), 400),
                bad("run_task_empty_body_is_400", runTask(""), 400),
                bad("run_task_body_that_is_not_an_object_is_400", runTask("[1,2]"), 400),
                bad("run_task_without_task_run_id_is_400",
                        runTask("{\"conversation_id\":\"c\",\"input\":{\"text\":\"hi\"}}"), 400, "task_run_id"),
                bad("run_task_without_conversation_id_is_400",
                        runTask("{\"task_run_id\":\"t\",\"input\":{\"text\":\"hi\"}}"), 400, "conversation_id"),
                bad("run_task_without_input_is_400",
                        runTask("{\"task_run_id\":\"t\",\"conversation_id\":\"c\"}"), 400, "input"),
                bad("run_task_input_that_is_not_an_object_is_400",
                        runTask("{\"task_run_id\":\"t\",\"conversation_id\":\"c\",\"input\":\"hi\"}"), 400, "input"),
                bad("run_task_without_input_text_is_400",
                        runTask("{\"task_run_id\":\"t\",\"conversation_id\":\"c\",\"input\":{}}"), 400, "input.text"),
                bad("run_task_input_text_that_is_not_a_string_is_400",
                        runTask("{\"task_run_id\":\"t\",\"conversation_id\":\"c\",\"input\":{\"text\":7}}"), 400,
                        "input.text"),
                bad("run_task_id_that_is_not_a_string_is_400",
                        runTask("{\"task_run_id\":5,\"conversation_id\":\"c\",\"input\":{\"text\":\"hi\"}}"), 400,
                        "task_run_id"),
                bad("run_task_platform_that_is_not_an_object_is_400",
                        runTask("{\"task_run_id\":\"t\",\"conversation_id\":\"c\",\"input\":{\"text\":\"hi\"},"
                                + "\"platform\":\"A2A\"}"), 400, "platform"),
                bad("run_task_other_media_type_is_415", post(PATH).body("text/plain",
                        task("t", "c", "hi").getBytes(StandardCharsets.UTF_8)).build(), 415),
                bad("run_task_body_past_the_limit_is_413", runTask(task("big-{run}", "big-{run}",
                        "a".repeat(ContractCases.MAX_BODY_BYTES))), 413),
                bad("run_task_with_a_runtime_token_is_400_and_never_echoed",
                        runTask(withRuntimeToken(task("tok-{run}", "tok-{run}", "hi"))), 400, "runtime_token"),
                bad("run_task_with_a_runtime_token_nested_in_platform_is_400",
                        runTask("{\"task_run_id\":\"t\",\"conversation_id\":\"c\",\"input\":{\"text\":\"hi\"},"
                                + "\"platform\":{\"name\":\"A2A\",\"runtime_token\":\"" + RUNTIME_TOKEN + "\"}}"),
                        400, "runtime_token"),
                bad("run_task_get_is_405", method("GET", PATH).build(), 405));
    }

    static List<ContractCase> boundary() {
        List<ContractCase> cases = new ArrayList<>();
        for (String header : List.of("Forwarded", "X-Forwarded-For", "X-Real-IP")) {
            cases.add(bad("run_task_through_a_proxy_is_403_" + header.toLowerCase().replace('-', '_'),
                    post(PATH).header(header, header.equals("Forwarded") ? "for=192.0.2.60" : "192.0.2.60")
                            .json(task("fwd-{run}", "fwd-{run}", "hi")).build(), 403, "proxy"));
        }
        cases.add(ContractCase.of("run_task_ignores_a_bearer_token", post(PATH).authorized()
                .json(task("bearer-{run}", "bearer-{run}", "hi")).build(), (answer, target) -> assertSuccess(answer)));
        return cases;
    }

    // ---- shared -------------------------------------------------------------------------------------------------

    /** Every /run-task answer: JSON with a boolean {@code success}, an {@code error} text on failure, no secret. */
    static void assertCommonRules(Exchange answer) {
        assertEquals("application/json", answer.header("Content-Type"), answer.toString());
        assertNull(answer.header("X-Runtime-Contract-Version"), "AgentBreeder's header on " + answer);
        String everything = answer.headers() + answer.text();
        for (String secret : List.of(ContractCases.TOKEN, RUNTIME_TOKEN)) {
            assertFalse(everything.contains(secret), "a token leaked: " + answer);
        }
        assertFalse(everything.contains("\tat ") || everything.contains("Exception"), "stack trace: " + answer);
        JsonNode json = answer.json();
        assertTrue(json.path("success").isBoolean(), answer.toString());
        if (!json.get("success").asBoolean()) {
            assertFalse(json.path("error").asText().isBlank(), answer.toString());
        }
    }

    static JsonNode assertSuccess(Exchange answer) {
        assertEquals(200, answer.status(), answer.toString());
        assertTrue(answer.json().get("success").asBoolean(), answer.toString());
        assertTrue(answer.json().at("/output/text").isTextual(), answer.toString());
        return answer.json();
    }

    static void assertFailure(Exchange answer, int status) {
        assertEquals(status, answer.status(), answer.toString());
        assertFalse(answer.json().get("success").asBoolean(), answer.toString());
        assertEquals(List.of("error", "success"), sortedFields(answer.json()), answer.toString());
    }

    private static ContractCase bad(String name, CaseRequest request, int status) {
        return ContractCase.of(name, request, (answer, target) -> assertFailure(answer, status));
    }

    private static ContractCase bad(String name, CaseRequest request, int status, String named) {
        return ContractCase.of(name, request, (answer, target) -> {
            assertFailure(answer, status);
            String error = answer.json().get("error").asText();
            assertTrue(error.contains(named), error);
        });
    }

    static CaseRequest runTask(String json) {
        return post(PATH).json(json).build();
    }

    /** A task as the runtime sends it, every field set. */
    public static String task(String taskRunId, String conversationId, String text) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("task_run_id", taskRunId);
        body.put("conversation_id", conversationId);
        body.put("workspace_id", "ws-1");
        body.put("task_type", "chat");
        body.putObject("input").put("text", text);
        body.put("initiator_agent_id", "agent-initiator");
        body.put("target_agent_id", "agent-target");
        ObjectNode platform = body.putObject("platform");
        platform.put("name", "A2A");
        platform.put("origin", "ysee.tech");
        return body.toString();
    }

    /** {@code task} with a {@code runtime_token} next to its fields. */
    public static String withRuntimeToken(String task) {
        return task.substring(0, task.length() - 1) + ",\"runtime_token\":\"" + RUNTIME_TOKEN + "\"}";
    }

    private static List<String> sortedFields(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        names.sort(String::compareTo);
        return names;
    }

    private static Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(ContractCases.ENV);
        env.put("AGENT_LOCAL_ADAPTER", "true");
        return Map.copyOf(env);
    }
}
