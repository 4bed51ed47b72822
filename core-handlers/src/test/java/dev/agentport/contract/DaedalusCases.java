package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static dev.agentport.contract.CaseRequest.get;
import static dev.agentport.contract.CaseRequest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Daedalus Runtime Contract v1 as cases, run by every target next to {@link ContractCases} (so with its
 * environment: auth on, AgentBreeder's {@code /health}, a 64 KiB body limit). Daedalus health has its own core test,
 * and the level-1 conformance checker runs the server jar with Daedalus health and no token.
 */
public final class DaedalusCases {

    /** The paths the Daedalus face owns on every target (its {@code /health} only with Daedalus health). */
    static final Set<String> PATHS = Set.of("/", "/.well-known/agent-card.json", "/runtime-contract.json");

    private DaedalusCases() {
    }

    public static List<ContractCase> all() {
        List<ContractCase> cases = new ArrayList<>();
        cases.addAll(card());
        cases.addAll(tasks());
        cases.addAll(sessions());
        cases.addAll(badInput());
        cases.addAll(stream());
        cases.addAll(manifest());
        return cases;
    }

    /** Whether the answer came from a Daedalus path. */
    static boolean owns(CaseRequest request) {
        String path = request.path();
        int query = path.indexOf('?');
        return PATHS.contains(query < 0 ? path : path.substring(0, query));
    }

    static List<ContractCase> card() {
        CaseRequest card = get("/.well-known/agent-card.json").build();
        return List.of(
                ContractCase.of("daedalus_card_content_type_is_exactly_application_json", card, (answer, target) ->
                        assertEquals("application/json", answer.header("Content-Type"))),
                ContractCase.of("daedalus_card_advertises_streaming_and_no_push_notifications", card, (answer, target) -> {
                    assertTrue(answer.json().at("/capabilities/streaming").asBoolean());
                    assertFalse(answer.json().at("/capabilities/pushNotifications").asBoolean(true));
                }),
                ContractCase.of("daedalus_card_has_the_a2a_0_3_fields", card, (answer, target) -> {
                    JsonNode json = answer.json();
                    assertTrue(json.get("url").asText().matches("http://[^/]+/"), json.toString());
                    assertEquals("0.3.0", json.get("protocolVersion").asText());
                    assertEquals("JSONRPC", json.get("preferredTransport").asText());
                }),
                ContractCase.of("daedalus_card_interfaces_are_served_under_the_card_url", card, (answer, target) -> {
                    JsonNode interfaces = answer.json().get("supportedInterfaces");
                    assertFalse(interfaces.isEmpty());
                    for (JsonNode endpoint : interfaces) {
                        assertTrue(endpoint.get("url").asText().startsWith(answer.json().get("url").asText()),
                                endpoint.toString());
                    }
                }),
                ContractCase.of("daedalus_card_declares_bearer_security_when_auth_is_on", card, (answer, target) -> {
                    assertEquals("bearer", answer.json().at("/securitySchemes/bearerAuth/scheme").asText());
                    assertTrue(answer.json().at("/security/0/bearerAuth").isArray());
                }));
    }

    static List<ContractCase> tasks() {
        return List.of(
                ContractCase.of("daedalus_task_id_is_anonymous_without_task_id_and_message_id",
                        send("{\"message\":{\"messageId\":\"\",\"role\":\"user\",\"parts\":[{\"text\":\"hi\"}]}}"),
                        (answer, target) -> assertTrue(assertTask(answer, "completed").get("id").asText()
                                .matches("anonymous-" + ContractCases.UUID.pattern()))),
                ContractCase.of("daedalus_completed_task_has_the_reply_as_first_artifact_text",
                        send(message("reply-{run}", "m", null, "hello world")), (answer, target) -> {
                            JsonNode task = assertTask(answer, "completed");
                            assertEquals("You said \"hello world\". This is turn 1 of this session.",
                                    task.at("/artifacts/0/parts/0/text").asText());
                        }),
                ContractCase.of("daedalus_task_gets_a_context_id_when_none_is_sent", send(message("nc-{run}", "m",
                        null, "hi")), (answer, target) -> assertTrue(ContractCases.UUID
                        .matcher(assertTask(answer, "completed").get("contextId").asText()).matches())),
                ContractCase.of("daedalus_message_without_text_is_a_failed_task_with_a_status_message",
                        send("{\"message\":{\"messageId\":\"m\",\"taskId\":\"data-{run}\",\"role\":\"user\","
                                + "\"parts\":[{\"data\":{\"key\":\"value\"}}]}}"), (answer, target) -> {
                            JsonNode task = assertTask(answer, "failed");
                            assertEquals("no text content in message parts",
                                    task.at("/status/message/parts/0/text").asText());
                            assertEquals("agent", task.at("/status/message/role").asText());
                        }),
                ContractCase.of("daedalus_empty_parts_is_a_failed_task_not_an_error",
                        send("{\"message\":{\"messageId\":\"m\",\"taskId\":\"empty-{run}\",\"role\":\"user\","
                                + "\"parts\":[]}}"), (answer, target) -> assertTask(answer, "failed")),
                ContractCase.of("daedalus_long_prompt_completes", send(message("long-{run}", "m", null,
                        "a".repeat(60_000))), (answer, target) -> assertTask(answer, "completed")),
                ContractCase.of("daedalus_kind_text_parts_are_read",
                        send("{\"message\":{\"kind\":\"message\",\"messageId\":\"m\",\"taskId\":\"kind-{run}\","
                                + "\"role\":\"user\",\"parts\":[{\"kind\":\"text\",\"text\":\"typed\"}]}}"),
                        (answer, target) -> assertTrue(assertTask(answer, "completed")
                                .at("/artifacts/0/parts/0/text").asText().contains("typed"))));
    }

    static List<ContractCase> sessions() {
        CaseRequest pause = send(message("pause-{run}", "m1", "pctx-{run}", "please approve the refund"));
        return List.of(
                ContractCase.of("daedalus_later_task_with_the_same_context_id_sees_earlier_turns",
                        List.of(send(message("turn1-{run}", "m1", "conv-{run}", "my name is Ada"))),
                        send(message("turn2-{run}", "m2", "conv-{run}", "who am I?")), (answer, target) -> {
                            String reply = assertTask(answer, "completed").at("/artifacts/0/parts/0/text").asText();
                            assertTrue(reply.contains("This is turn 2 of this session"), reply);
                            assertTrue(reply.contains("my name is Ada"), reply);
                        }),
                ContractCase.of("daedalus_paused_run_is_input_required_with_the_question",
                        send(message("ask-{run}", "m", null, "please approve the refund")), (answer, target) -> {
                            JsonNode task = assertTask(answer, "input-required");
                            assertTrue(task.at("/status/message/parts/0/text").asText().contains("Approve"));
                            assertEquals("human_approval", task.at("/status/message/parts/1/data/awaiting/0").asText());
                        }),
                ContractCase.of("daedalus_message_with_the_task_id_continues_the_paused_run", List.of(pause),
                        send(message("pause-{run}", "m2", "pctx-{run}", "yes")), (answer, target) -> {
                            JsonNode task = assertTask(answer, "completed");
                            assertTrue(task.get("id").asText().startsWith("pause-"));
                            assertEquals("Approved: \"please approve the refund\". Done.",
                                    task.at("/artifacts/0/parts/0/text").asText());
                        }),
                ContractCase.of("daedalus_paused_run_is_continued_only_once",
                        List.of(pause, send(message("pause-{run}", "m2", "pctx-{run}", "yes"))),
                        send(message("pause-{run}", "m3", "pctx-{run}", "yes")), (answer, target) -> {
                            String reply = assertTask(answer, "completed").at("/artifacts/0/parts/0/text").asText();
                            assertTrue(reply.startsWith("You said \"yes\""), reply);
                        }));
    }

    static List<ContractCase> badInput() {
        String body = message("bad", "m", null, "hi");
        return List.of(
                ContractCase.of("daedalus_task_without_token_is_401_with_www_authenticate", post("/").json(body)
                        .build(), (answer, target) -> {
                    assertError(answer, 401);
                    assertTrue(answer.header("WWW-Authenticate").startsWith("Bearer"));
                }),
                ContractCase.of("daedalus_task_with_wrong_token_is_403", post("/").header("Authorization",
                        "Bearer not-the-token").json(body).build(), (answer, target) -> {
                    assertError(answer, 403);
                    assertNull(answer.header("WWW-Authenticate"));
                }),
                ContractCase.of("daedalus_non_json_content_type_is_415", post("/").authorized()
                        .body("text/plain", "not json".getBytes(StandardCharsets.UTF_8)).build(),
                        (answer, target) -> assertError(answer, 415)),
                ContractCase.of("daedalus_missing_content_type_is_415", post("/").authorized()
                        .body(null, body.getBytes(StandardCharsets.UTF_8)).build(),
                        (answer, target) -> assertError(answer, 415)),
                ContractCase.of("daedalus_malformed_json_is_400", post("/").authorized().json("{not valid json")
                        .build(), (answer, target) -> assertError(answer, 400)),
                ContractCase.of("daedalus_empty_body_is_400", post("/").authorized()
                        .body("application/json", new byte[0]).build(), (answer, target) -> assertError(answer, 400)),
                ContractCase.of("daedalus_body_that_is_not_an_object_is_400", post("/").authorized().json("[1]")
                        .build(), (answer, target) -> assertError(answer, 400)),
                ContractCase.of("daedalus_message_that_is_not_an_object_is_400", post("/").authorized()
                        .json("{\"message\":\"hi\"}").build(), (answer, target) -> assertError(answer, 400)),
                ContractCase.of("daedalus_body_over_the_limit_is_413", post("/").authorized()
                        .json(message("big", "m", null, "a".repeat(ContractCases.MAX_BODY_BYTES))).build(),
                        (answer, target) -> assertError(answer, 413)),
                ContractCase.of("daedalus_get_on_the_task_path_is_405_with_allow", get("/").build(),
                        (answer, target) -> {
                            assertError(answer, 405);
                            assertEquals("POST", answer.header("Allow"));
                        }));
    }

    static List<ContractCase> stream() {
        return List.of(
                ContractCase.of("daedalus_stream_sends_the_task_first_then_working", streamed(message("s1-{run}", "m",
                        "sctx-{run}", "tell me a story")), (answer, target) -> {
                    assertEquals("text/event-stream", answer.header("Content-Type"));
                    List<JsonNode> events = events(answer);
                    assertEquals("task", events.get(0).get("kind").asText());
                    assertEquals("submitted", events.get(0).at("/status/state").asText());
                    assertTrue(events.get(0).get("id").asText().startsWith("s1-"));
                    assertEquals("status-update", events.get(1).get("kind").asText());
                    assertEquals("working", events.get(1).at("/status/state").asText());
                    assertFalse(events.get(1).get("final").asBoolean());
                }),
                ContractCase.of("daedalus_stream_appends_reply_chunks_to_one_artifact", streamed(message("s2-{run}",
                        "m", null, "tell me a story")), (answer, target) -> {
                    List<JsonNode> chunks = events(answer).stream()
                            .filter(event -> event.get("kind").asText().equals("artifact-update")).toList();
                    assertTrue(chunks.size() > 2, chunks.toString());
                    StringBuilder reply = new StringBuilder();
                    for (int i = 0; i < chunks.size(); i++) {
                        JsonNode chunk = chunks.get(i);
                        assertEquals(chunks.get(0).at("/artifact/artifactId").asText(),
                                chunk.at("/artifact/artifactId").asText());
                        assertEquals(i > 0, chunk.get("append").asBoolean(), chunk.toString());
                        assertEquals(i == chunks.size() - 1, chunk.get("lastChunk").asBoolean(), chunk.toString());
                        reply.append(chunk.at("/artifact/parts/0/text").asText());
                    }
                    assertEquals("You said \"tell me a story\". This is turn 1 of this session.", reply.toString());
                }),
                ContractCase.of("daedalus_stream_ends_with_one_final_completed_status_update", streamed(
                        message("s3-{run}", "m", null, "hi")), (answer, target) -> {
                    List<JsonNode> events = events(answer);
                    JsonNode last = events.get(events.size() - 1);
                    assertEquals("status-update", last.get("kind").asText());
                    assertEquals("completed", last.at("/status/state").asText());
                    assertTrue(last.get("final").asBoolean());
                    assertEquals(1, events.stream().filter(event -> event.path("final").asBoolean()).count());
                }),
                ContractCase.of("daedalus_stream_of_a_paused_run_ends_input_required", streamed(message("s4-{run}",
                        "m", null, "approve the refund")), (answer, target) -> {
                    List<JsonNode> events = events(answer);
                    JsonNode last = events.get(events.size() - 1);
                    assertEquals("input-required", last.at("/status/state").asText());
                    assertTrue(last.get("final").asBoolean());
                    assertTrue(last.at("/status/message/parts/0/text").asText().contains("Approve"));
                }),
                ContractCase.of("daedalus_stream_of_a_message_without_text_ends_failed", streamed(
                        "{\"message\":{\"messageId\":\"m\",\"taskId\":\"s5-{run}\",\"role\":\"user\",\"parts\":[]}}"),
                        (answer, target) -> {
                            List<JsonNode> events = events(answer);
                            JsonNode last = events.get(events.size() - 1);
                            assertEquals("failed", last.at("/status/state").asText());
                            assertTrue(last.get("final").asBoolean());
                            assertEquals("no text content in message parts",
                                    last.at("/status/message/parts/0/text").asText());
                        }));
    }

    static List<ContractCase> manifest() {
        return List.of(ContractCase.of("daedalus_manifest_is_valid_and_declares_level_3",
                get("/runtime-contract.json").build(), (answer, target) -> {
                    assertEquals(200, answer.status());
                    JsonNode manifest = answer.json();
                    DaedalusSchemas.assertValid(DaedalusSchemas.RUNTIME_CONTRACT, manifest);
                    assertEquals(3, manifest.get("conformanceLevel").asInt());
                    assertEquals("agentport-default-agent", manifest.at("/runtime/name").asText());
                    assertEquals("/", manifest.at("/server/taskPath").asText());
                    for (String capability : List.of("streaming", "traceContext", "gracefulShutdown",
                            "contextCompaction")) {
                        assertTrue(manifest.at("/capabilities/" + capability).asBoolean(), capability);
                    }
                }));
    }

    // ---- shared assertions -------------------------------------------------------------------------------------

    /** What every answer on a Daedalus path must pass: JSON (or an event stream), no AgentBreeder header, no leak. */
    static void assertCommonRules(Exchange answer) {
        assertNull(answer.header("X-Runtime-Contract-Version"), "AgentBreeder's header on " + answer);
        String everything = answer.headers() + answer.text();
        assertFalse(everything.contains(ContractCases.TOKEN), "the token leaked: " + answer);
        assertFalse(everything.contains("\tat ") || everything.contains("Exception"), "stack trace: " + answer);
        if (!answer.isEventStream()) {
            assertEquals("application/json", answer.header("Content-Type"), answer.toString());
        }
        if (answer.status() >= 400) {
            DaedalusSchemas.assertValid(DaedalusSchemas.ERROR, answer.json());
        }
    }

    static String message(String taskId, String messageId, String contextId, String text) {
        ObjectNode message = JsonNodeFactory.instance.objectNode();
        ObjectNode node = message.putObject("message");
        node.put("messageId", messageId);
        node.put("role", "user");
        if (taskId != null) {
            node.put("taskId", taskId);
        }
        if (contextId != null) {
            node.put("contextId", contextId);
        }
        node.putArray("parts").addObject().put("text", text);
        return message.toString();
    }

    static CaseRequest send(String json) {
        return post("/").authorized().json(json).build();
    }

    static CaseRequest streamed(String json) {
        return post("/").authorized().header("Accept", "text/event-stream").json(json).build();
    }

    static JsonNode assertTask(Exchange answer, String state) {
        assertEquals(200, answer.status(), answer.toString());
        JsonNode task = answer.json();
        DaedalusSchemas.assertValid(DaedalusSchemas.TASK, task);
        assertEquals(state, task.at("/status/state").asText(), answer.toString());
        if (state.equals("completed")) {
            assertFalse(task.get("artifacts").isEmpty());
            assertTrue(task.at("/artifacts/0/parts/0/text").isTextual(), task.toString());
        }
        if (state.equals("failed") || state.equals("input-required")) {
            assertFalse(task.at("/status/message/parts/0/text").asText().isEmpty(), task.toString());
        }
        return task;
    }

    static void assertError(Exchange answer, int status) {
        assertEquals(status, answer.status(), answer.toString());
        assertFalse(answer.json().get("error").asText().isBlank());
    }

    /** The stream's events, each valid; the stream must have ended with a final event. */
    static List<JsonNode> events(Exchange answer) {
        assertEquals(200, answer.status(), answer.toString());
        assertTrue(answer.isEventStream(), answer.toString());
        List<JsonNode> events = new ArrayList<>();
        for (SseEvent event : answer.events()) {
            assertNull(event.event(), "Daedalus events are unnamed: " + event);
            JsonNode json = ContractCases.json(event.data());
            DaedalusSchemas.assertValid(DaedalusSchemas.STREAM_EVENT, json);
            events.add(json);
        }
        assertTrue(events.size() >= 3, answer.toString());
        assertTrue(events.get(events.size() - 1).path("final").asBoolean(), answer.toString());
        return events;
    }
}
