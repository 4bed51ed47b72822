package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static dev.agentport.contract.A2aJsonRpcCases.AION;
import static dev.agentport.contract.A2aJsonRpcCases.aionParams;
import static dev.agentport.contract.A2aJsonRpcCases.aionPayload;
import static dev.agentport.contract.A2aJsonRpcCases.sendParams;
import static dev.agentport.contract.A2aJsonRpcCases.v1;
import static dev.agentport.contract.A2aJsonRpcCases.v1Message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A2A 1.0's HTTP+JSON binding as cases, run by every target with {@link ContractCases#ENV} next to
 * {@link A2aJsonRpcCases}: its paths (also under a tenant prefix), its {@code google.rpc.Status} errors with the
 * binding's status codes, and its tasks being JSON-RPC's. Rules that need concurrency or another setting are in
 * {@code A2aRestRulesTest}.
 */
public final class A2aRestCases {

    static final String JSON = "application/a2a+json";
    private static final Pattern PATHS = Pattern.compile(
            "(/[^/]+)?/(message:send|message:stream|tasks|tasks/[^/]+(/pushNotificationConfigs(/[^/]+)?)?"
                    + "|extendedAgentCard)");

    private A2aRestCases() {
    }

    public static List<ContractCase> all() {
        List<ContractCase> cases = new ArrayList<>();
        cases.addAll(card());
        cases.addAll(send());
        cases.addAll(tasks());
        cases.addAll(shared());
        cases.addAll(streams());
        cases.addAll(errors());
        cases.addAll(aion());
        return cases;
    }

    /** Whether the answer came from the binding: one of its paths, with or without a tenant prefix. */
    static boolean owns(CaseRequest request) {
        String path = request.path();
        int query = path.indexOf('?');
        return PATHS.matcher(query < 0 ? path : path.substring(0, query)).matches();
    }

    static List<ContractCase> card() {
        return List.of(ContractCase.of("a2a_card_lists_http_json_at_the_root_after_json_rpc",
                CaseRequest.get("/.well-known/agent-card.json").build(), (answer, target) -> {
                    JsonNode interfaces = answer.json().get("supportedInterfaces");
                    assertEquals(3, interfaces.size(), interfaces.toString());
                    assertEquals(answer.json().get("url").asText(), interfaces.at("/2/url").asText());
                    assertEquals("HTTP+JSON", interfaces.at("/2/protocolBinding").asText());
                    assertEquals("1.0", interfaces.at("/2/protocolVersion").asText());
                    assertEquals(1, answer.json().at("/capabilities/extensions").size());
                }));
    }

    static List<ContractCase> send() {
        return List.of(
                ContractCase.of("rest_message_send_answers_a_completed_task_in_a_task_wrapper",
                        send("/message:send", message("m-{run}", null, null, "hello world")), (answer, target) -> {
                            JsonNode task = ok(answer).get("task");
                            assertEquals("TASK_STATE_COMPLETED", task.at("/status/state").asText());
                            assertEquals("You said \"hello world\". This is turn 1 of this session.",
                                    task.at("/artifacts/0/parts/0/text").asText());
                            assertEquals("ROLE_USER", task.at("/history/0/role").asText());
                            assertTrue(ContractCases.UUID.matcher(task.get("id").asText()).matches());
                        }),
                ContractCase.of("rest_accepts_application_a2a_json_bodies",
                        rest("POST", "/message:send").body(JSON, message("a-{run}", null, null, "hi")
                                .getBytes(StandardCharsets.UTF_8)).build(),
                        (answer, target) -> assertEquals("TASK_STATE_COMPLETED",
                                ok(answer).at("/task/status/state").asText())),
                ContractCase.of("rest_paths_are_served_under_a_tenant_prefix",
                        send("/acme-{run}/message:send", message("t-{run}", null, null, "hi")), (answer, target) -> {
                            String id = ok(answer).at("/task/id").asText();
                            assertEquals(id, ok(target.send(rest("GET", "/acme/tasks/" + id).build()))
                                    .get("id").asText());
                        }),
                ContractCase.of("rest_without_a2a_version_is_served_as_1_0",
                        CaseRequest.post("/message:send").authorized()
                                .json(message("n-{run}", null, null, "hi")).build(),
                        (answer, target) -> assertEquals("TASK_STATE_COMPLETED",
                                ok(answer).at("/task/status/state").asText())),
                ContractCase.of("rest_a2a_version_query_parameter_is_honoured",
                        CaseRequest.post("/message:send?A2A-Version=0.3").authorized()
                                .json(message("q-{run}", null, null, "hi")).build(),
                        (answer, target) -> assertStatus(answer, 400, "VERSION_NOT_SUPPORTED")),
                ContractCase.of("rest_a2a_version_2_0_is_400_version_not_supported",
                        CaseRequest.get("/tasks/x").authorized().header("A2A-Version", "2.0").build(),
                        (answer, target) -> assertStatus(answer, 400, "VERSION_NOT_SUPPORTED")),
                ContractCase.of("rest_message_send_with_a_1_0_patch_version_is_served",
                        CaseRequest.post("/message:send").authorized().header("A2A-Version", "1.0.1")
                                .json(message("p-{run}", null, null, "hi")).build(),
                        (answer, target) -> assertEquals("TASK_STATE_COMPLETED",
                                ok(answer).at("/task/status/state").asText())),
                ContractCase.of("rest_message_send_keeps_the_context_and_its_conversation",
                        List.of(send("/message:send", message("c1-{run}", null, "restconv-{run}", "my name is Ada"))),
                        send("/message:send", message("c2-{run}", null, "restconv-{run}", "who am I?")),
                        (answer, target) -> assertTrue(ok(answer).at("/task/artifacts/0/parts/0/text").asText()
                                .contains("turn 2"), answer.toString())));
    }

    static List<ContractCase> tasks() {
        CaseRequest sent = send("/message:send", message("g-{run}", null, null, "remember me"));
        return List.of(
                ContractCase.of("rest_get_task_answers_the_stored_task_with_history_length", sent,
                        (answer, target) -> {
                            String id = ok(answer).at("/task/id").asText();
                            JsonNode task = ok(target.send(rest("GET", "/tasks/" + id).build()));
                            assertEquals("TASK_STATE_COMPLETED", task.at("/status/state").asText());
                            assertEquals(1, task.get("history").size());
                            assertNull(ok(target.send(rest("GET", "/tasks/" + id + "?historyLength=0").build()))
                                    .get("history"));
                        }),
                ContractCase.of("rest_get_of_an_unknown_task_is_404_task_not_found",
                        rest("GET", "/tasks/nope-{run}").build(), (answer, target) -> {
                            assertStatus(answer, 404, "TASK_NOT_FOUND");
                            assertEquals("NOT_FOUND", answer.json().at("/error/status").asText());
                            assertEquals("a2a-protocol.org", answer.json().at("/error/details/0/domain").asText());
                            assertEquals("type.googleapis.com/google.rpc.ErrorInfo",
                                    answer.json().at("/error/details/0/@type").asText());
                        }),
                ContractCase.of("rest_get_with_a_negative_history_length_is_400",
                        rest("GET", "/tasks/x?historyLength=-1").build(),
                        (answer, target) -> assertStatus(answer, 400, null)),
                ContractCase.of("rest_list_tasks_lists_a_context_by_status_newest_first",
                        List.of(send("/message:send", message("l1-{run}", null, "restlist-{run}", "one")),
                                send("/message:send", message("l2-{run}", null, "restlist-{run}", "two"))),
                        rest("GET", "/tasks?contextId=restlist-{run}&status=TASK_STATE_COMPLETED").build(),
                        (answer, target) -> {
                            JsonNode list = ok(answer);
                            assertEquals(2, list.get("tasks").size(), list.toString());
                            assertEquals(2, list.get("totalSize").asInt());
                            assertEquals("l2-", list.at("/tasks/0/history/0/messageId").asText().substring(0, 3));
                            assertNull(list.at("/tasks/0").get("artifacts"));
                        }),
                ContractCase.of("rest_list_tasks_pages_with_page_size_and_token",
                        List.of(send("/message:send", message("p1-{run}", null, "restpage-{run}", "one")),
                                send("/message:send", message("p2-{run}", null, "restpage-{run}", "two")),
                                send("/message:send", message("p3-{run}", null, "restpage-{run}", "three"))),
                        // the page token names a task and a time, so the paging is in the check (parity compares bodies)
                        rest("GET", "/tasks?contextId=restpage-{run}").build(),
                        (answer, target) -> {
                            assertEquals(3, ok(answer).get("tasks").size(), answer.toString());
                            String context = ok(answer).at("/tasks/0/contextId").asText();
                            JsonNode first = ok(target.send(rest("GET", "/tasks?contextId=" + context
                                    + "&pageSize=2&includeArtifacts=true").build()));
                            assertEquals(2, first.get("tasks").size(), first.toString());
                            assertTrue(first.at("/tasks/0").has("artifacts"));
                            String token = first.get("nextPageToken").asText();
                            JsonNode second = ok(target.send(rest("GET", "/tasks?contextId=" + context
                                    + "&pageSize=2&pageToken=" + token).build()));
                            assertEquals(1, second.get("tasks").size(), second.toString());
                            assertEquals("", second.get("nextPageToken").asText());
                        }),
                ContractCase.of("rest_list_tasks_with_an_unknown_status_is_400",
                        rest("GET", "/tasks?status=DONE").build(), (answer, target) -> assertStatus(answer, 400, null)),
                ContractCase.of("rest_cancel_of_a_completed_task_is_400_task_not_cancelable", sent,
                        (answer, target) -> {
                            String id = ok(answer).at("/task/id").asText();
                            assertStatus(target.send(rest("POST", "/tasks/" + id + ":cancel").build()), 400,
                                    "TASK_NOT_CANCELABLE");
                        }),
                ContractCase.of("rest_cancel_of_an_unknown_task_is_404", rest("POST", "/tasks/nope-{run}:cancel")
                        .build(), (answer, target) -> assertStatus(answer, 404, "TASK_NOT_FOUND")),
                ContractCase.of("rest_push_notification_configs_are_400_push_not_supported",
                        rest("POST", "/tasks/t-{run}/pushNotificationConfigs").json("{}").build(),
                        (answer, target) -> {
                            assertStatus(answer, 400, "PUSH_NOTIFICATION_NOT_SUPPORTED");
                            for (String[] call : List.of(new String[] {"GET", ""}, new String[] {"GET", "/c1"},
                                    new String[] {"DELETE", "/c1"})) {
                                assertStatus(target.send(rest(call[0], "/tasks/t/pushNotificationConfigs" + call[1])
                                        .build()), 400, "PUSH_NOTIFICATION_NOT_SUPPORTED");
                            }
                        }),
                ContractCase.of("rest_extended_agent_card_is_400_not_configured",
                        rest("GET", "/extendedAgentCard").build(),
                        (answer, target) -> assertStatus(answer, 400, "EXTENDED_AGENT_CARD_NOT_CONFIGURED")));
    }

    /** The binding's tasks are JSON-RPC's: each reads, continues and cancels what the other started. */
    static List<ContractCase> shared() {
        return List.of(
                ContractCase.of("a_task_sent_over_rest_is_read_over_json_rpc",
                        send("/message:send", message("x-{run}", null, null, "hi")), (answer, target) -> {
                            String id = ok(answer).at("/task/id").asText();
                            JsonNode rpc = target.send(v1("GetTask", "{\"id\":\"" + id + "\"}")).json();
                            assertEquals("TASK_STATE_COMPLETED", rpc.at("/result/status/state").asText(),
                                    rpc.toString());
                        }),
                ContractCase.of("a_task_sent_over_json_rpc_is_read_over_rest",
                        v1("SendMessage", sendParams(v1Message("y-{run}", null, null, "hi"))), (answer, target) -> {
                            String id = answer.json().at("/result/task/id").asText();
                            assertEquals("TASK_STATE_COMPLETED", ok(target.send(rest("GET", "/tasks/" + id).build()))
                                    .at("/status/state").asText());
                        }),
                ContractCase.of("a_task_paused_over_rest_is_continued_over_json_rpc",
                        send("/message:send", message("ask-{run}", null, null, "please approve the refund")),
                        (answer, target) -> {
                            JsonNode paused = ok(answer).get("task");
                            assertEquals("TASK_STATE_INPUT_REQUIRED", paused.at("/status/state").asText());
                            String id = paused.get("id").asText();
                            JsonNode done = target.send(v1("SendMessage",
                                    sendParams(v1Message("yes-" + id, id, null, "yes")))).json();
                            assertEquals("TASK_STATE_COMPLETED", done.at("/result/task/status/state").asText(),
                                    done.toString());
                        }),
                ContractCase.of("a_task_paused_over_json_rpc_is_continued_over_rest_once",
                        v1("SendMessage", sendParams(v1Message("ask-{run}", null, null, "please approve it"))),
                        (answer, target) -> {
                            String id = answer.json().at("/result/task/id").asText();
                            String reply = message("yes-" + id, id, null, "yes");
                            JsonNode done = ok(target.send(send("/message:send", reply))).get("task");
                            assertEquals("TASK_STATE_COMPLETED", done.at("/status/state").asText());
                            assertEquals(3, done.get("history").size());
                            assertStatus(target.send(send("/message:send", reply)), 400, "UNSUPPORTED_OPERATION");
                        }),
                ContractCase.of("a_paused_task_is_canceled_over_rest_and_json_rpc_sees_it",
                        send("/message:send", message("ask-{run}", null, null, "please approve the refund")),
                        (answer, target) -> {
                            String id = ok(answer).at("/task/id").asText();
                            assertEquals("TASK_STATE_CANCELED", ok(target.send(rest("POST", "/tasks/" + id + ":cancel")
                                    .build())).at("/status/state").asText());
                            assertEquals("TASK_STATE_CANCELED", target.send(v1("GetTask", "{\"id\":\"" + id + "\"}"))
                                    .json().at("/result/status/state").asText());
                        }),
                ContractCase.of("rest_message_naming_an_unknown_task_is_404",
                        send("/message:send", message("m-{run}", "no-such-task-{run}", null, "yes")),
                        (answer, target) -> assertStatus(answer, 404, "TASK_NOT_FOUND")));
    }

    static List<ContractCase> streams() {
        return List.of(
                ContractCase.of("rest_message_stream_sends_bare_stream_responses_task_first_completed_last",
                        rest("POST", "/message:stream").header("Accept", "text/event-stream")
                                .json(message("s-{run}", null, null, "tell me a story")).build(),
                        (answer, target) -> {
                            List<JsonNode> events = events(answer);
                            assertTrue(events.get(0).has("task"), events.get(0).toString());
                            StringBuilder reply = new StringBuilder();
                            events.stream().filter(e -> e.has("artifactUpdate"))
                                    .forEach(e -> reply.append(e.at("/artifactUpdate/artifact/parts/0/text").asText()));
                            assertEquals("You said \"tell me a story\". This is turn 1 of this session.",
                                    reply.toString());
                            assertEquals("TASK_STATE_COMPLETED",
                                    events.get(events.size() - 1).at("/statusUpdate/status/state").asText());
                        }),
                ContractCase.of("rest_stream_of_a_paused_run_ends_input_required",
                        rest("POST", "/message:stream").json(message("sp-{run}", null, null, "approve it")).build(),
                        (answer, target) -> {
                            List<JsonNode> events = events(answer);
                            assertEquals("TASK_STATE_INPUT_REQUIRED",
                                    events.get(events.size() - 1).at("/statusUpdate/status/state").asText());
                        }),
                ContractCase.of("rest_subscribe_to_a_paused_task_by_get_or_post_streams_it_as_stored",
                        send("/message:send", message("sub-{run}", null, null, "please approve the refund")),
                        (answer, target) -> {
                            String id = ok(answer).at("/task/id").asText();
                            for (String method : List.of("GET", "POST")) {
                                List<JsonNode> events = events(target.send(rest(method, "/tasks/" + id + ":subscribe")
                                        .build()));
                                assertEquals(id, events.get(0).at("/task/id").asText());
                                assertEquals("TASK_STATE_INPUT_REQUIRED",
                                        events.get(events.size() - 1).at("/statusUpdate/status/state").asText());
                            }
                        }),
                ContractCase.of("rest_subscribe_to_a_terminal_task_is_400_unsupported_operation",
                        send("/message:send", message("st-{run}", null, null, "hi")), (answer, target) -> {
                            String id = ok(answer).at("/task/id").asText();
                            assertStatus(target.send(rest("GET", "/tasks/" + id + ":subscribe").build()), 400,
                                    "UNSUPPORTED_OPERATION");
                        }),
                ContractCase.of("rest_subscribe_to_an_unknown_task_is_404",
                        rest("POST", "/tasks/nope-{run}:subscribe").build(),
                        (answer, target) -> assertStatus(answer, 404, "TASK_NOT_FOUND")));
    }

    static List<ContractCase> errors() {
        return List.of(
                ContractCase.of("rest_unparsable_json_is_400_invalid_argument",
                        rest("POST", "/message:send").json("{\"message\":").build(), (answer, target) -> {
                            assertStatus(answer, 400, null);
                            assertEquals("INVALID_ARGUMENT", answer.json().at("/error/status").asText());
                        }),
                ContractCase.of("rest_send_without_a_message_is_400_naming_the_field",
                        rest("POST", "/message:send").json("{}").build(), (answer, target) -> {
                            assertStatus(answer, 400, null);
                            assertTrue(answer.json().at("/error/message").asText().contains("message"));
                        }),
                ContractCase.of("rest_send_with_parts_that_are_not_an_array_is_400",
                        rest("POST", "/message:send").json(
                                "{\"message\":{\"messageId\":\"m\",\"role\":\"ROLE_USER\",\"parts\":\"hi\"}}").build(),
                        (answer, target) -> assertStatus(answer, 400, null)),
                ContractCase.of("rest_content_type_that_is_not_json_is_400_content_type_not_supported",
                        rest("POST", "/message:send").body("text/plain", "hi".getBytes(StandardCharsets.UTF_8))
                                .build(), (answer, target) -> assertStatus(answer, 400, "CONTENT_TYPE_NOT_SUPPORTED")),
                ContractCase.of("rest_body_over_the_limit_is_413", rest("POST", "/message:send")
                        .json(message("big", null, null, "a".repeat(ContractCases.MAX_BODY_BYTES))).build(),
                        (answer, target) -> assertStatus(answer, 413, null)),
                ContractCase.of("rest_without_token_is_401_with_www_authenticate",
                        CaseRequest.get("/tasks/x").header("A2A-Version", "1.0").build(), (answer, target) -> {
                            assertStatus(answer, 401, null);
                            assertTrue(answer.header("WWW-Authenticate").startsWith("Bearer"));
                            assertEquals("UNAUTHENTICATED", answer.json().at("/error/status").asText());
                        }),
                ContractCase.of("rest_with_a_wrong_token_is_403",
                        CaseRequest.get("/acme/tasks").header("Authorization", "Bearer not-the-token").build(),
                        (answer, target) -> assertStatus(answer, 403, null)),
                ContractCase.of("rest_wrong_method_is_405_with_allow", rest("DELETE", "/message:send").build(),
                        (answer, target) -> {
                            assertStatus(answer, 405, null);
                            assertEquals("POST", answer.header("Allow"));
                        }));
    }

    static List<ContractCase> aion() {
        return List.of(
                ContractCase.of("rest_aion_activation_is_echoed_in_a2a_extensions",
                        rest("POST", "/message:send").header("A2A-Extensions", AION)
                                .json(aionParams(aionPayload())).build(), (answer, target) -> {
                            assertEquals(AION, answer.header("A2A-Extensions"));
                            assertEquals("TASK_STATE_COMPLETED", ok(answer).at("/task/status/state").asText());
                            assertFalse(answer.text().contains("us-west-2"), answer.text());
                        }),
                ContractCase.of("rest_aion_payload_without_environment_is_400",
                        rest("POST", "/message:send").header("A2A-Extensions", AION)
                                .json(aionParams(aionPayload().without("environment"))).build(),
                        (answer, target) -> {
                            assertStatus(answer, 400, null);
                            assertFalse(answer.text().contains("inventory"), answer.text());
                        }));
    }

    // ---- requests -----------------------------------------------------------------------------------------------

    /** A request with the token and {@code A2A-Version: 1.0}. */
    static CaseRequest.Builder rest(String method, String path) {
        return CaseRequest.method(method, path).authorized().header("A2A-Version", "1.0");
    }

    static CaseRequest send(String path, String body) {
        return rest("POST", path).json(body).build();
    }

    /** A {@code SendMessageRequest} body with one text part. */
    static String message(String messageId, String taskId, String contextId, String text) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.set("message", v1Message(messageId, taskId, contextId, text));
        return body.toString();
    }

    // ---- assertions ---------------------------------------------------------------------------------------------

    /** What every answer of the binding must pass: {@code application/a2a+json}, errors as google.rpc.Status. */
    static void assertCommonRules(Exchange answer) {
        assertNull(answer.header("X-Runtime-Contract-Version"), "AgentBreeder's header on " + answer);
        assertTrue(answer.status() < 500, answer.toString());
        String everything = answer.headers() + answer.text();
        assertFalse(everything.contains(ContractCases.TOKEN), "the token leaked: " + answer);
        assertFalse(everything.contains("\tat ") || everything.contains("Exception"), "stack trace: " + answer);
        if (answer.isEventStream()) {
            return;
        }
        assertEquals(JSON, answer.header("Content-Type"), answer.toString());
        if (answer.status() >= 400) {
            JsonNode error = answer.json().get("error");
            assertEquals(answer.status(), error.get("code").asInt(), answer.toString());
            assertFalse(error.get("status").asText().isBlank(), answer.toString());
            assertFalse(error.get("message").asText().isBlank(), answer.toString());
            assertTrue(error.get("details").isArray(), answer.toString());
        }
    }

    static JsonNode ok(Exchange answer) {
        assertEquals(200, answer.status(), answer.toString());
        assertEquals(JSON, answer.header("Content-Type"), answer.toString());
        return answer.json();
    }

    /** An error with this status and, unless {@code null}, this {@code ErrorInfo} reason. */
    static void assertStatus(Exchange answer, int status, String reason) {
        assertEquals(status, answer.status(), answer.toString());
        assertEquals(status, answer.json().at("/error/code").asInt(), answer.toString());
        if (reason != null) {
            assertEquals(reason, answer.json().at("/error/details/0/reason").asText(), answer.toString());
        }
    }

    /** The events of a stream: each a bare {@code StreamResponse}. */
    static List<JsonNode> events(Exchange answer) {
        assertEquals(200, answer.status(), answer.toString());
        assertTrue(answer.isEventStream(), answer.toString());
        List<JsonNode> events = new ArrayList<>();
        for (SseEvent event : answer.events()) {
            JsonNode response = ContractCases.json(event.data());
            assertNull(response.get("jsonrpc"), event.data());
            events.add(response);
        }
        assertFalse(events.isEmpty(), answer.toString());
        return events;
    }
}
