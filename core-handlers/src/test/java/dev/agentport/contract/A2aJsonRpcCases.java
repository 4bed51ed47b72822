package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static dev.agentport.contract.CaseRequest.get;
import static dev.agentport.contract.CaseRequest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A2A's JSON-RPC binding (1.0 and 0.3) as cases, run by every target next to {@link ContractCases} and
 * {@link DaedalusCases}, with their environment (auth on, a 64 KiB body limit, the Aion daemon extension optional).
 * Rules that need concurrency (cancel a running task, subscribers), another agent or another setting are in
 * {@code JsonRpcRulesTest}.
 */
public final class A2aJsonRpcCases {

    public static final String AION = "https://docs.aion.to/a2a/extensions/aion/daemon/1.0.0";
    static final String PATH = "/a2a";

    private A2aJsonRpcCases() {
    }

    public static List<ContractCase> all() {
        List<ContractCase> cases = new ArrayList<>();
        cases.addAll(card());
        cases.addAll(send());
        cases.addAll(tasks());
        cases.addAll(paused());
        cases.addAll(streams());
        cases.addAll(errors());
        cases.addAll(aion());
        return cases;
    }

    /** Whether the answer came from the JSON-RPC binding: its path, or a JSON-RPC body on {@code POST /}. */
    static boolean owns(CaseRequest request) {
        String path = request.path();
        int query = path.indexOf('?');
        String bare = query < 0 ? path : path.substring(0, query);
        return bare.equals(PATH) || bare.equals("/") && request.method().equals("POST") && request.body() != null
                && new String(request.body(), StandardCharsets.UTF_8).contains("\"jsonrpc\"");
    }

    static List<ContractCase> card() {
        CaseRequest card = get("/.well-known/agent-card.json").build();
        return List.of(
                ContractCase.of("a2a_card_lists_json_rpc_at_a2a_for_1_0_then_0_3", card, (answer, target) -> {
                    JsonNode interfaces = answer.json().get("supportedInterfaces");
                    String url = answer.json().get("url").asText();
                    // the third is the HTTP+JSON binding's (A2aRestCases)
                    assertEquals(3, interfaces.size(), interfaces.toString());
                    assertEquals(url + "a2a", interfaces.at("/0/url").asText());
                    assertEquals("JSONRPC", interfaces.at("/0/protocolBinding").asText());
                    assertEquals("1.0", interfaces.at("/0/protocolVersion").asText());
                    assertEquals(url + "a2a", interfaces.at("/1/url").asText());
                    assertEquals("0.3", interfaces.at("/1/protocolVersion").asText());
                }),
                ContractCase.of("a2a_card_declares_the_aion_daemon_extension_when_optional", card, (answer, target) -> {
                    JsonNode extension = answer.json().at("/capabilities/extensions/0");
                    assertEquals(AION, extension.get("uri").asText());
                    assertFalse(extension.get("required").asBoolean(true));
                }));
    }

    static List<ContractCase> send() {
        return List.of(
                ContractCase.of("v1_send_message_answers_a_completed_task_in_a_task_wrapper",
                        v1("SendMessage", sendParams(v1Message("m-{run}", null, null, "hello world"))),
                        (answer, target) -> {
                            JsonNode task = result(answer).get("task");
                            assertEquals("TASK_STATE_COMPLETED", task.at("/status/state").asText());
                            assertEquals("You said \"hello world\". This is turn 1 of this session.",
                                    task.at("/artifacts/0/parts/0/text").asText());
                            assertNull(task.get("kind"));
                            assertNull(task.at("/artifacts/0/parts/0").get("kind"));
                            assertEquals("ROLE_USER", task.at("/history/0/role").asText());
                            assertTrue(ContractCases.UUID.matcher(task.get("id").asText()).matches());
                        }),
                ContractCase.of("v0_3_message_send_answers_a_task_with_kind_and_lowercase_state",
                        v03("message/send", sendParams(v03Message("m-{run}", null, null, "hello"))),
                        (answer, target) -> {
                            JsonNode task = result(answer);
                            assertEquals("task", task.get("kind").asText());
                            assertEquals("completed", task.at("/status/state").asText());
                            assertEquals("text", task.at("/artifacts/0/parts/0/kind").asText());
                            assertEquals("user", task.at("/history/0/role").asText());
                        }),
                ContractCase.of("json_rpc_body_on_the_root_path_reaches_the_binding",
                        post("/").authorized().json(envelope("r-1", "message/send",
                                sendParams(v03Message("m-{run}", null, null, "hi")))).build(),
                        (answer, target) -> assertEquals("completed", result(answer).at("/status/state").asText())),
                ContractCase.of("a2a_version_query_parameter_selects_1_0",
                        post(PATH + "?A2A-Version=1.0").authorized().json(envelope("q-1", "SendMessage",
                                sendParams(v1Message("m-{run}", null, null, "hi")))).build(),
                        (answer, target) -> assertEquals("TASK_STATE_COMPLETED",
                                result(answer).at("/task/status/state").asText())),
                ContractCase.of("a2a_version_1_0_patch_is_1_0",
                        post(PATH).authorized().header("A2A-Version", "1.0.1").json(envelope("q-2", "SendMessage",
                                sendParams(v1Message("m-{run}", null, null, "hi")))).build(),
                        (answer, target) -> assertEquals("TASK_STATE_COMPLETED",
                                result(answer).at("/task/status/state").asText())),
                ContractCase.of("send_message_keeps_the_context_id_and_the_conversation",
                        List.of(v1("SendMessage", sendParams(v1Message("m1-{run}", null, "rconv-{run}",
                                "my name is Ada")))),
                        v1("SendMessage", sendParams(v1Message("m2-{run}", null, "rconv-{run}", "who am I?"))),
                        (answer, target) -> {
                            JsonNode task = result(answer).get("task");
                            assertTrue(task.get("contextId").asText().startsWith("rconv-"));
                            assertTrue(task.at("/artifacts/0/parts/0/text").asText().contains("turn 2"), task.toString());
                        }),
                ContractCase.of("message_without_text_is_a_failed_task",
                        v1("SendMessage", "{\"message\":{\"messageId\":\"m\",\"role\":\"ROLE_USER\",\"parts\":[]}}"),
                        (answer, target) -> {
                            JsonNode task = result(answer).get("task");
                            assertEquals("TASK_STATE_FAILED", task.at("/status/state").asText());
                            assertEquals("no text content in message parts",
                                    task.at("/status/message/parts/0/text").asText());
                        }));
    }

    static List<ContractCase> tasks() {
        return List.of(
                ContractCase.of("v1_get_task_answers_the_stored_task",
                        v1("SendMessage", sendParams(v1Message("g-{run}", null, null, "remember me"))),
                        (answer, target) -> {
                            String id = result(answer).at("/task/id").asText();
                            JsonNode task = result(target.send(v1("GetTask", "{\"id\":\"" + id + "\"}")));
                            assertEquals(id, task.get("id").asText());
                            assertEquals("TASK_STATE_COMPLETED", task.at("/status/state").asText());
                            assertEquals(1, task.get("history").size());
                        }),
                ContractCase.of("get_task_with_history_length_0_has_no_history",
                        v03("message/send", sendParams(v03Message("h-{run}", null, null, "hi"))),
                        (answer, target) -> {
                            String id = result(answer).get("id").asText();
                            JsonNode task = result(target.send(v03("tasks/get",
                                    "{\"id\":\"" + id + "\",\"historyLength\":0}")));
                            assertEquals("task", task.get("kind").asText());
                            assertNull(task.get("history"));
                        }),
                ContractCase.of("get_task_of_an_unknown_task_is_32001", v1("GetTask", "{\"id\":\"nope-{run}\"}"),
                        (answer, target) -> {
                            assertError(answer, -32001);
                            assertEquals("TASK_NOT_FOUND", answer.json().at("/error/data/0/reason").asText());
                        }),
                ContractCase.of("v0_3_errors_carry_no_error_info", v03("tasks/get", "{\"id\":\"nope-{run}\"}"),
                        (answer, target) -> {
                            assertError(answer, -32001);
                            assertNull(answer.json().get("error").get("data"));
                        }),
                ContractCase.of("v1_list_tasks_lists_a_context_newest_first",
                        List.of(v1("SendMessage", sendParams(v1Message("l1-{run}", null, "lctx-{run}", "one"))),
                                v1("SendMessage", sendParams(v1Message("l2-{run}", null, "lctx-{run}", "two"))),
                                v1("SendMessage", sendParams(v1Message("l3-{run}", null, "lctx-{run}", "three")))),
                        v1("ListTasks", "{\"contextId\":\"lctx-{run}\"}"), (answer, target) -> {
                            JsonNode list = result(answer);
                            assertEquals(3, list.get("tasks").size());
                            assertEquals(3, list.get("totalSize").asInt());
                            assertEquals("", list.get("nextPageToken").asText());
                            assertEquals("l3-" , list.at("/tasks/0/history/0/messageId").asText().substring(0, 3));
                            assertNull(list.at("/tasks/0").get("artifacts"));
                        }),
                ContractCase.of("v1_list_tasks_pages_with_page_size_and_token",
                        List.of(v1("SendMessage", sendParams(v1Message("p1-{run}", null, "rpage-{run}", "one"))),
                                v1("SendMessage", sendParams(v1Message("p2-{run}", null, "rpage-{run}", "two"))),
                                v1("SendMessage", sendParams(v1Message("p3-{run}", null, "rpage-{run}", "three")))),
                        v1("ListTasks", "{\"contextId\":\"rpage-{run}\",\"status\":\"TASK_STATE_COMPLETED\"}"),
                        (answer, target) -> {
                            String context = result(answer).at("/tasks/0/contextId").asText();
                            JsonNode first = result(target.send(v1("ListTasks",
                                    "{\"contextId\":\"" + context + "\",\"pageSize\":2}")));
                            assertEquals(2, first.get("tasks").size(), answer + " then " + first);
                            String token = first.get("nextPageToken").asText();
                            assertFalse(token.isEmpty());
                            JsonNode second = result(target.send(v1("ListTasks", "{\"contextId\":\"" + context
                                    + "\",\"pageSize\":2,\"pageToken\":\"" + token + "\"}")));
                            assertEquals(1, second.get("tasks").size());
                            assertEquals("", second.get("nextPageToken").asText());
                        }),
                ContractCase.of("list_tasks_with_an_invalid_page_token_is_32602",
                        v1("ListTasks", "{\"pageToken\":\"not-a-token\"}"), (answer, target) ->
                                assertError(answer, -32602)),
                ContractCase.of("list_tasks_is_no_0_3_method", v03("ListTasks", "{}"),
                        (answer, target) -> assertError(answer, -32601)),
                ContractCase.of("v1_push_notification_config_is_32003",
                        v1("CreateTaskPushNotificationConfig", "{\"taskId\":\"t\"}"),
                        (answer, target) -> assertError(answer, -32003)),
                ContractCase.of("v0_3_push_notification_config_is_32003",
                        v03("tasks/pushNotificationConfig/set", "{\"taskId\":\"t\"}"),
                        (answer, target) -> assertError(answer, -32003)),
                ContractCase.of("extended_card_is_not_configured_32007", v1("GetExtendedAgentCard", "{}"),
                        (answer, target) -> assertError(answer, -32007)),
                ContractCase.of("v0_3_authenticated_extended_card_is_not_configured_32007",
                        v03("agent/getAuthenticatedExtendedCard", "{}"),
                        (answer, target) -> assertError(answer, -32007)));
    }

    static List<ContractCase> paused() {
        CaseRequest pause = v1("SendMessage", sendParams(v1Message("ask-{run}", null, "rpause-{run}",
                "please approve the refund")));
        return List.of(
                ContractCase.of("paused_run_is_input_required_with_the_question", pause, (answer, target) -> {
                    JsonNode task = result(answer).get("task");
                    assertEquals("TASK_STATE_INPUT_REQUIRED", task.at("/status/state").asText());
                    assertTrue(task.at("/status/message/parts/0/text").asText().contains("Approve"));
                    assertEquals("ROLE_AGENT", task.at("/status/message/role").asText());
                }),
                ContractCase.of("message_with_the_task_id_of_a_paused_task_continues_its_run_once", pause,
                        (answer, target) -> {
                            String id = result(answer).at("/task/id").asText();
                            String reply = sendParams(v1Message("yes-" + id, id, null, "yes"));
                            JsonNode done = result(target.send(v1("SendMessage", reply))).get("task");
                            assertEquals("TASK_STATE_COMPLETED", done.at("/status/state").asText());
                            assertEquals("Approved: \"please approve the refund\". Done.",
                                    done.at("/artifacts/0/parts/0/text").asText());
                            assertEquals(3, done.get("history").size());
                            assertError(target.send(v1("SendMessage", reply)), -32004);
                        }),
                ContractCase.of("cancel_of_a_paused_task_cancels_it_and_its_run", pause, (answer, target) -> {
                    String id = result(answer).at("/task/id").asText();
                    JsonNode canceled = result(target.send(v1("CancelTask", "{\"id\":\"" + id + "\"}")));
                    assertEquals("TASK_STATE_CANCELED", canceled.at("/status/state").asText());
                    assertError(target.send(v1("SendMessage", sendParams(v1Message("late-" + id, id, null, "yes")))),
                            -32004);
                }),
                ContractCase.of("message_naming_an_unknown_task_is_32001",
                        v1("SendMessage", sendParams(v1Message("m", "no-such-task-{run}", null, "yes"))),
                        (answer, target) -> assertError(answer, -32001)));
    }

    static List<ContractCase> streams() {
        return List.of(
                ContractCase.of("v1_stream_sends_json_rpc_responses_task_first_completed_last",
                        v1("SendStreamingMessage", sendParams(v1Message("s-{run}", null, null, "tell me a story"))),
                        (answer, target) -> {
                            List<JsonNode> results = events(answer, "s1");
                            assertTrue(results.get(0).has("task"), results.get(0).toString());
                            StringBuilder reply = new StringBuilder();
                            results.stream().filter(r -> r.has("artifactUpdate"))
                                    .forEach(r -> reply.append(r.at("/artifactUpdate/artifact/parts/0/text").asText()));
                            assertEquals("You said \"tell me a story\". This is turn 1 of this session.",
                                    reply.toString());
                            JsonNode last = results.get(results.size() - 1);
                            assertEquals("TASK_STATE_COMPLETED", last.at("/statusUpdate/status/state").asText());
                        }),
                ContractCase.of("v0_3_stream_ends_with_one_final_status_update",
                        v03("message/stream", sendParams(v03Message("s-{run}", null, null, "hi"))),
                        (answer, target) -> {
                            List<JsonNode> results = events(answer, "s1");
                            assertEquals("task", results.get(0).get("kind").asText());
                            JsonNode last = results.get(results.size() - 1);
                            assertEquals("status-update", last.get("kind").asText());
                            assertEquals("completed", last.at("/status/state").asText());
                            assertTrue(last.get("final").asBoolean());
                            assertEquals(1, results.stream().filter(r -> r.path("final").asBoolean()).count());
                        }),
                ContractCase.of("stream_of_a_paused_run_ends_input_required",
                        v1("SendStreamingMessage", sendParams(v1Message("sp-{run}", null, null, "approve it"))),
                        (answer, target) -> {
                            List<JsonNode> results = events(answer, "s1");
                            assertEquals("TASK_STATE_INPUT_REQUIRED",
                                    results.get(results.size() - 1).at("/statusUpdate/status/state").asText());
                        }),
                ContractCase.of("subscribe_to_a_terminal_task_is_32004",
                        v1("SendMessage", sendParams(v1Message("t-{run}", null, null, "hi"))), (answer, target) -> {
                            String id = result(answer).at("/task/id").asText();
                            assertError(target.send(v1("SubscribeToTask", "{\"id\":\"" + id + "\"}")), -32004);
                        }),
                ContractCase.of("subscribe_to_an_unknown_task_is_32001",
                        v03("tasks/resubscribe", "{\"id\":\"nope-{run}\"}"),
                        (answer, target) -> assertError(answer, -32001)));
    }

    static List<ContractCase> errors() {
        String valid = envelope("e-1", "GetTask", "{\"id\":\"x\"}");
        return List.of(
                ContractCase.of("empty_body_is_32700", post(PATH).authorized().body("application/json", new byte[0])
                        .build(), (answer, target) -> assertError(answer, -32700)),
                ContractCase.of("batch_array_is_32600_with_a_null_id", post(PATH).authorized()
                        .json("[" + valid + "]").build(), (answer, target) -> {
                    assertError(answer, -32600);
                    assertTrue(answer.json().get("id").isNull());
                }),
                ContractCase.of("batch_on_the_root_path_is_32600", post("/").authorized().json("[" + valid + "]")
                        .build(), (answer, target) -> assertError(answer, -32600)),
                ContractCase.of("wrong_jsonrpc_version_is_32600_with_the_id_echoed", post(PATH).authorized()
                        .json("{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"GetTask\",\"params\":{}}").build(),
                        (answer, target) -> {
                            assertError(answer, -32600);
                            assertEquals(7, answer.json().get("id").asInt());
                        }),
                ContractCase.of("missing_method_is_32600", post(PATH).authorized()
                        .json("{\"jsonrpc\":\"2.0\",\"id\":\"x\"}").build(), (answer, target) -> {
                    assertError(answer, -32600);
                    assertEquals("x", answer.json().get("id").asText());
                }),
                ContractCase.of("method_that_is_not_a_string_is_32600", post(PATH).authorized()
                        .json("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5}").build(),
                        (answer, target) -> assertError(answer, -32600)),
                ContractCase.of("id_that_is_an_object_is_32600_with_a_null_id", post(PATH).authorized()
                        .json("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"GetTask\"}").build(), (answer, target) -> {
                    assertError(answer, -32600);
                    assertTrue(answer.json().get("id").isNull());
                }),
                ContractCase.of("a_1_0_method_without_a2a_version_is_unknown_in_0_3", v03("SendMessage", "{}"),
                        (answer, target) -> assertError(answer, -32601)),
                ContractCase.of("params_that_are_not_an_object_are_32602", post(PATH).authorized()
                        .json("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tasks/get\",\"params\":[1]}").build(),
                        (answer, target) -> assertError(answer, -32602)),
                ContractCase.of("send_with_parts_that_are_not_an_array_is_32602", v1("SendMessage",
                        "{\"message\":{\"messageId\":\"m\",\"role\":\"ROLE_USER\",\"parts\":\"hi\"}}"),
                        (answer, target) -> assertError(answer, -32602)),
                ContractCase.of("send_without_a_message_id_is_32602", v03("message/send",
                        "{\"message\":{\"role\":\"user\",\"parts\":[{\"kind\":\"text\",\"text\":\"hi\"}]}}"),
                        (answer, target) -> assertError(answer, -32602)),
                ContractCase.of("get_task_without_an_id_is_32602", v1("GetTask", "{}"),
                        (answer, target) -> assertError(answer, -32602)),
                ContractCase.of("get_task_with_a_negative_history_length_is_32602",
                        v1("GetTask", "{\"id\":\"x\",\"historyLength\":-1}"),
                        (answer, target) -> assertError(answer, -32602)),
                ContractCase.of("unknown_a2a_version_is_32009_with_the_id", post(PATH).authorized()
                        .header("A2A-Version", "2.0").json(envelope("v-1", "GetTask", "{\"id\":\"x\"}")).build(),
                        (answer, target) -> {
                            assertError(answer, -32009);
                            assertEquals("v-1", answer.json().get("id").asText());
                            assertEquals("VERSION_NOT_SUPPORTED", answer.json().at("/error/data/0/reason").asText());
                        }),
                ContractCase.of("content_type_that_is_not_json_is_32005", post(PATH).authorized()
                        .body("text/plain", valid.getBytes(StandardCharsets.UTF_8)).build(),
                        (answer, target) -> assertError(answer, -32005)),
                ContractCase.of("body_over_the_limit_is_413_with_a_json_rpc_error", post(PATH).authorized()
                        .json(envelope("big", "GetTask", "{\"id\":\"" + "a".repeat(ContractCases.MAX_BODY_BYTES)
                                + "\"}")).build(), (answer, target) -> {
                    assertEquals(413, answer.status(), answer.toString());
                    assertEquals(-32600, answer.json().at("/error/code").asInt());
                }),
                ContractCase.of("json_rpc_without_token_is_401_with_www_authenticate", post(PATH).json(valid).build(),
                        (answer, target) -> {
                            assertEquals(401, answer.status(), answer.toString());
                            assertTrue(answer.header("WWW-Authenticate").startsWith("Bearer"));
                            assertEquals("2.0", answer.json().get("jsonrpc").asText());
                        }),
                ContractCase.of("json_rpc_on_the_root_path_without_token_is_401", post("/").json(valid).build(),
                        (answer, target) -> assertEquals(401, answer.status(), answer.toString())),
                ContractCase.of("json_rpc_with_a_wrong_token_is_403", post(PATH).header("Authorization",
                        "Bearer not-the-token").json(valid).build(),
                        (answer, target) -> assertEquals(403, answer.status(), answer.toString())),
                ContractCase.of("get_on_the_json_rpc_path_is_405_with_allow", get(PATH).build(), (answer, target) -> {
                    assertEquals(405, answer.status(), answer.toString());
                    assertEquals("POST", answer.header("Allow"));
                }));
    }

    static List<ContractCase> aion() {
        return List.of(
                ContractCase.of("aion_activation_is_echoed_in_a2a_extensions",
                        activated(aionParams(aionPayload())), (answer, target) -> {
                            assertEquals(AION, answer.header("A2A-Extensions"));
                            assertEquals("TASK_STATE_COMPLETED", result(answer).at("/task/status/state").asText());
                            assertFalse(answer.text().contains("us-west-2"), answer.text());
                        }),
                ContractCase.of("aion_activation_through_x_a2a_extensions_is_accepted",
                        post(PATH).authorized().header("A2A-Version", "1.0").header("X-A2A-Extensions", AION)
                                .json(envelope("x-1", "SendMessage", aionParams(aionPayload()))).build(),
                        (answer, target) -> assertEquals(AION, answer.header("A2A-Extensions"))),
                ContractCase.of("unsupported_extensions_are_ignored_and_not_echoed",
                        post(PATH).authorized().header("A2A-Version", "1.0")
                                .header("A2A-Extensions", "urn:example:unknown")
                                .json(envelope("x-2", "GetTask", "{\"id\":\"nope-{run}\"}")).build(),
                        (answer, target) -> {
                            assertNull(answer.header("A2A-Extensions"));
                            assertError(answer, -32001);
                        }),
                ContractCase.of("aion_payload_without_behavior_version_id_is_32602",
                        activated(aionParams(withoutField(aionPayload(), "behavior", "versionId"))), (answer, target) -> assertError(answer, -32602)),
                ContractCase.of("aion_payload_without_environment_is_32602",
                        activated(aionParams(aionPayload().without("environment"))),
                        (answer, target) -> {
                            assertError(answer, -32602);
                            assertFalse(answer.text().contains("inventory"), answer.text());
                        }),
                ContractCase.of("aion_payload_without_activation_is_ignored",
                        v1("SendMessage", aionParams(aionPayload().without("environment"))),
                        (answer, target) -> {
                            assertNull(answer.header("A2A-Extensions"));
                            assertEquals("TASK_STATE_COMPLETED", result(answer).at("/task/status/state").asText());
                        }));
    }

    // ---- requests -----------------------------------------------------------------------------------------------

    /** A 1.0 request ({@code A2A-Version: 1.0}) to {@code /a2a}; its id is {@code "1"}. */
    static CaseRequest v1(String method, String params) {
        return new Rpc("1.0", method, params).request(null);
    }

    /** A 1.0 {@code SendMessage} activating the Aion daemon extension. */
    static CaseRequest activated(String params) {
        return new Rpc("1.0", "SendMessage", params).request(AION);
    }

    /** A 0.3 request (no {@code A2A-Version}). */
    static CaseRequest v03(String method, String params) {
        return new Rpc(null, method, params).request(null);
    }

    /** A JSON-RPC request with id {@code "1"} to {@code /a2a}, with its version and extension headers. */
    record Rpc(String version, String method, String params) {
        CaseRequest request(String extensions) {
            CaseRequest.Builder builder = post(PATH).authorized();
            if (version != null) {
                builder.header("A2A-Version", version);
            }
            if (extensions != null) {
                builder.header("A2A-Extensions", extensions);
            }
            return builder.json(envelope("1", method, params)).build();
        }
    }

    static String envelope(String id, String method, String params) {
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0").put("id", id)
                .put("method", method);
        node.set("params", ContractCases.json(params));
        return node.toString();
    }

    static String sendParams(ObjectNode message) {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.set("message", message);
        return params.toString();
    }

    static ObjectNode v1Message(String messageId, String taskId, String contextId, String text) {
        ObjectNode message = JsonNodeFactory.instance.objectNode().put("messageId", messageId).put("role", "ROLE_USER");
        if (taskId != null) {
            message.put("taskId", taskId);
        }
        if (contextId != null) {
            message.put("contextId", contextId);
        }
        message.putArray("parts").addObject().put("text", text);
        return message;
    }

    static ObjectNode v03Message(String messageId, String taskId, String contextId, String text) {
        ObjectNode message = JsonNodeFactory.instance.objectNode().put("kind", "message").put("messageId", messageId)
                .put("role", "user");
        if (taskId != null) {
            message.put("taskId", taskId);
        }
        if (contextId != null) {
            message.put("contextId", contextId);
        }
        message.putArray("parts").addObject().put("kind", "text").put("text", text);
        return message;
    }

    /** The Aion daemon payload of the extension's own example. */
    public static ObjectNode aionPayload() {
        return (ObjectNode) ContractCases.json("{\"daemonIdentity\":{\"kind\":\"daemon\","
                + "\"id\":\"9e69c4ef-d1a5-4745-94a5-1f5e3f587dbb\",\"networkType\":\"Aion\","
                + "\"organizationId\":\"3f5a4a8f-8bb1-4c22-9421-d4dc4cb5f55b\",\"displayName\":\"Inventory Daemon\"},"
                + "\"behavior\":{\"id\":\"cdbb37fb-78c3-42f6-8572-5dfe3bb59272\",\"behaviorKey\":\"inventoryAgent\","
                + "\"versionId\":\"059e5ff9-687e-4a3f-98a8-438b0f826cc5\"},"
                + "\"environment\":{\"id\":\"1e4586bc-02a7-4659-bd4d-f8ae9d2dd1f4\",\"name\":\"Production\","
                + "\"deploymentId\":\"d739f802-b2b8-4602-9dac-2a316286a48f\","
                + "\"configurationVariables\":{\"REGION\":\"us-west-2\"},"
                + "\"daemonAgentIdentityId\":\"9e69c4ef-d1a5-4745-94a5-1f5e3f587dbb\"}}");
    }

    static ObjectNode withoutField(ObjectNode payload, String record, String field) {
        ((ObjectNode) payload.get(record)).remove(field);
        return payload;
    }

    public static String aionParams(ObjectNode payload) {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.set("message", v1Message("aion-{run}", null, null, "Run a health check"));
        params.putObject("metadata").set(AION, payload);
        return params.toString();
    }

    // ---- assertions ---------------------------------------------------------------------------------------------

    /** What every answer of the binding must pass: JSON-RPC 2.0 (or its events), no 5xx, no leak. */
    static void assertCommonRules(Exchange answer) {
        assertNull(answer.header("X-Runtime-Contract-Version"), "AgentBreeder's header on " + answer);
        assertTrue(answer.status() < 500, answer.toString());
        String everything = answer.headers() + answer.text();
        assertFalse(everything.contains(ContractCases.TOKEN), "the token leaked: " + answer);
        assertFalse(everything.contains("\tat ") || everything.contains("Exception"), "stack trace: " + answer);
        if (answer.isEventStream()) {
            return;
        }
        assertEquals("application/json", answer.header("Content-Type"), answer.toString());
        JsonNode body = answer.json();
        assertEquals("2.0", body.get("jsonrpc").asText(), answer.toString());
        assertTrue(body.has("id"), answer.toString());
        assertTrue(body.has("result") != body.has("error"), answer.toString());
        if (body.has("error") && answer.status() < 400) {
            assertEquals(200, answer.status(), answer.toString());
        }
    }

    static JsonNode result(Exchange answer) {
        assertEquals(200, answer.status(), answer.toString());
        JsonNode body = answer.json();
        assertNull(body.get("error"), answer.toString());
        return body.get("result");
    }

    static void assertError(Exchange answer, int code) {
        assertEquals(200, answer.status(), answer.toString());
        assertEquals(code, answer.json().at("/error/code").asInt(), answer.toString());
        assertFalse(answer.json().at("/error/message").asText().isBlank());
    }

    /** The results of a stream's events: every one a JSON-RPC response with the request's id. */
    static List<JsonNode> events(Exchange answer, String id) {
        assertEquals(200, answer.status(), answer.toString());
        assertTrue(answer.isEventStream(), answer.toString());
        List<JsonNode> results = new ArrayList<>();
        for (SseEvent event : answer.events()) {
            JsonNode response = ContractCases.json(event.data());
            assertEquals("2.0", response.get("jsonrpc").asText(), event.data());
            assertEquals("1", response.get("id").asText(), event.data());
            results.add(response.get("result"));
        }
        assertTrue(results.size() >= 2, answer.toString());
        return results;
    }
}
