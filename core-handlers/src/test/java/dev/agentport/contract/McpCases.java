package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static dev.agentport.contract.CaseRequest.get;
import static dev.agentport.contract.CaseRequest.method;
import static dev.agentport.contract.CaseRequest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The MCP face (Streamable HTTP, the Pallas interface) as cases, run by every target in its default, stateless mode
 * with {@link ContractCases#ENV}. {@link #sessions()} holds the rules of session mode, run by the targets started
 * with {@code AGENT_MCP_SESSIONS=store}. What any MCP server must do (the version each {@code initialize} agrees on,
 * 202 for a notification, 2026-07-28's header checks, the registry's shape, progress that rises) is checked by the
 * validate-contract command's MCP rules, which the same suites run ({@link ValidatorRules}); these cases keep what is
 * AgentPort's own: the default agent's words, its names, its status codes and error codes where the spec leaves a
 * choice, and configuration.
 */
public final class McpCases {

    static final Set<String> PATHS = Set.of("/mcp", "/.well-known/mcp/server.json");
    static final String ACCEPT = "application/json, text/event-stream";
    static final String AGENT = "agentport-default-agent";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private McpCases() {
    }

    public static List<ContractCase> all() {
        List<ContractCase> cases = new ArrayList<>();
        cases.addAll(lifecycle());
        cases.addAll(tools());
        cases.addAll(progress());
        cases.addAll(errors());
        cases.addAll(transport());
        cases.addAll(perRequestVersion());
        cases.addAll(registry());
        return cases;
    }

    static boolean owns(CaseRequest request) {
        String path = request.path();
        int query = path.indexOf('?');
        return PATHS.contains(query < 0 ? path : path.substring(0, query));
    }

    /** No token, no stack trace; every refusal is a JSON-RPC error in JSON. */
    static void assertCommonRules(Exchange answer) {
        String everything = answer.headers() + answer.text();
        assertFalse(everything.contains(ContractCases.TOKEN), "the token leaked: " + answer);
        assertFalse(everything.contains("\tat ") || everything.contains("Exception"), "stack trace: " + answer);
        if (answer.status() >= 400) {
            assertEquals("application/json", answer.header("Content-Type"), answer.toString());
            assertEquals("2.0", answer.json().get("jsonrpc").asText(), answer.toString());
            assertTrue(answer.json().at("/error/code").isInt(), answer.toString());
            assertFalse(answer.json().at("/error/message").asText().isBlank(), answer.toString());
        }
    }

    /** A POST of one JSON-RPC message with the token and the Accept header every client sends. */
    public static CaseRequest.Builder mcp(String json) {
        return post("/mcp").authorized().header("Accept", ACCEPT).json(json);
    }

    static String request(String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    static String initialize(String version) {
        return request("initialize", "{\"protocolVersion\":\"" + version + "\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"cases\",\"version\":\"1\"}}");
    }

    static String call(String tool, String arguments) {
        return request("tools/call", "{\"name\":\"" + tool + "\",\"arguments\":" + arguments + "}");
    }

    static String callWithProgress(String tool, String arguments) {
        return request("tools/call", "{\"name\":\"" + tool + "\",\"arguments\":" + arguments
                + ",\"_meta\":{\"progressToken\":\"tok-{run}\"}}");
    }

    /** A 2026-07-28 request: the version in _meta and in the header, the method (and name) in headers. */
    static CaseRequest.Builder modern(String method, String name, String params) {
        String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
        String body = request(method, params.equals("{}") ? "{" + meta + "}"
                : params.substring(0, params.length() - 1) + "," + meta + "}");
        CaseRequest.Builder builder = mcp(body).header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", method);
        return name == null ? builder : builder.header("Mcp-Name", name);
    }

    static JsonNode result(Exchange answer) {
        assertEquals(200, answer.status(), answer.toString());
        assertEquals("application/json", answer.header("Content-Type"), answer.toString());
        JsonNode json = answer.json();
        assertEquals("2.0", json.get("jsonrpc").asText());
        assertEquals(7, json.get("id").asInt(), answer.toString());
        assertNull(json.get("error"), answer.toString());
        return json.get("result");
    }

    static void assertRpcError(Exchange answer, int status, int code) {
        assertEquals(status, answer.status(), answer.toString());
        assertEquals(code, answer.json().at("/error/code").asInt(), answer.toString());
    }

    /** The one text block of a tool result, checking {@code isError}. */
    static String text(JsonNode result, boolean isError) {
        assertEquals(isError, result.path("isError").asBoolean(false), result.toString());
        assertEquals(1, result.get("content").size(), result.toString());
        assertEquals("text", result.at("/content/0/type").asText());
        return result.at("/content/0/text").asText();
    }

    static List<ContractCase> lifecycle() {
        List<ContractCase> cases = new ArrayList<>();
        cases.add(ContractCase.of("mcp_initialize_names_the_agent", mcp(initialize("2025-11-25")).build(),
                (answer, target) -> assertEquals(AGENT, result(answer).at("/serverInfo/name").asText())));
        cases.add(ContractCase.of("mcp_initialize_offers_the_latest_negotiated_version_for_an_unknown_one",
                mcp(initialize("1999-01-01")).build(), (answer, target) ->
                        assertEquals("2025-11-25", result(answer).get("protocolVersion").asText())));
        cases.add(ContractCase.of("mcp_initialize_without_protocol_version_is_invalid_params",
                mcp(request("initialize", "{}")).build(), (answer, target) -> assertRpcError(answer, 200, -32602)));
        cases.add(ContractCase.of("mcp_stateless_initialize_issues_no_session_id",
                mcp(initialize("2025-11-25")).build(), (answer, target) -> {
                    result(answer);
                    assertNull(answer.header("Mcp-Session-Id"));
                }));
        cases.add(ContractCase.of("mcp_client_response_is_202",
                mcp("{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"result\":{}}").build(), (answer, target) ->
                        assertEquals(202, answer.status(), answer.toString())));
        cases.add(ContractCase.of("mcp_ping_answers_an_empty_result", mcp(request("ping", "{}")).build(),
                (answer, target) -> assertTrue(result(answer).isEmpty())));
        cases.add(ContractCase.of("mcp_stateless_mode_accepts_a_session_id_a_platform_sends",
                mcp(request("tools/list", "{}")).header("Mcp-Session-Id", "platform-{run}").build(),
                (answer, target) -> assertEquals(2, result(answer).get("tools").size())));
        cases.add(ContractCase.of("mcp_delete_in_stateless_mode_is_405", method("DELETE", "/mcp").authorized()
                .header("Mcp-Session-Id", "platform-{run}").build(), (answer, target) -> {
                    assertRpcError(answer, 405, -32600);
                    assertEquals("POST", answer.header("Allow"));
                }));
        return cases;
    }

    static List<ContractCase> tools() {
        return List.of(
                ContractCase.of("mcp_tools_list_has_send_message_and_get_health",
                        mcp(request("tools/list", "{}")).build(), (answer, target) -> {
                            JsonNode tools = result(answer).get("tools");
                            assertEquals("send_message", tools.at("/0/name").asText());
                            assertEquals("message", tools.at("/0/inputSchema/required/0").asText());
                            assertEquals("get_health", tools.at("/1/name").asText());
                            assertEquals(MAPPER.readTree("{\"type\":\"object\",\"properties\":{},"
                                    + "\"additionalProperties\":false}"), tools.at("/1/inputSchema"));
                        }),
                ContractCase.of("mcp_send_message_answers_one_text_block",
                        mcp(call("send_message", "{\"message\":\"hello\"}")).build(), (answer, target) ->
                                assertEquals("You said \"hello\". This is turn 1 of this session.",
                                        text(result(answer), false))),
                ContractCase.of("mcp_send_message_continues_the_conversation_named_by_conversation_id",
                        List.of(mcp(call("send_message", "{\"message\":\"one\",\"conversation_id\":\"c-{run}\"}"))
                                .build()),
                        mcp(call("send_message", "{\"message\":\"two\",\"conversation_id\":\"c-{run}\"}")).build(),
                        (answer, target) -> assertEquals("You said \"two\". Before that you said \"one\". This is turn 2 of this "
                                + "session.", text(result(answer), false))),
                ContractCase.of("mcp_send_message_history_seeds_a_new_conversation",
                        mcp(call("send_message", "{\"message\":\"again\",\"conversation_id\":\"h-{run}\","
                                + "\"history\":[{\"role\":\"user\",\"content\":\"hi\"},"
                                + "{\"role\":\"assistant\",\"content\":\"hello\"}]}")).build(),
                        (answer, target) -> assertEquals("You said \"again\". Before that you said \"hi\". This is "
                                + "turn 2 of this session.",
                                text(result(answer), false))),
                ContractCase.of("mcp_send_message_answering_a_paused_run_continues_it",
                        List.of(mcp(call("send_message", "{\"message\":\"please approve the deploy\","
                                + "\"conversation_id\":\"mcp-pause-{run}\"}")).build()),
                        mcp(call("send_message", "{\"message\":\"yes\",\"conversation_id\":\"mcp-pause-{run}\"}")).build(),
                        (answer, target) -> assertEquals("Approved: \"please approve the deploy\". Done.",
                                text(result(answer), false))),
                ContractCase.of("mcp_get_health_reports_ok_in_one_text_block",
                        mcp(call("get_health", "{}")).build(), (answer, target) -> {
                            JsonNode health = MAPPER.readTree(text(result(answer), false));
                            assertEquals("ok", health.get("status").asText());
                            assertTrue(health.get("timestamp").asText().matches(
                                    "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), health.toString());
                        }),
                ContractCase.of("mcp_missing_message_is_a_tool_error_from_2025_11_25",
                        mcp(call("send_message", "{}")).header("MCP-Protocol-Version", "2025-11-25").build(),
                        (answer, target) -> assertTrue(text(result(answer), true).contains("message"))),
                ContractCase.of("mcp_missing_message_is_invalid_params_before_2025_11_25",
                        mcp(call("send_message", "{}")).header("MCP-Protocol-Version", "2025-06-18").build(),
                        (answer, target) -> assertRpcError(answer, 200, -32602)),
                ContractCase.of("mcp_unknown_tool_is_invalid_params",
                        mcp(call("no_such_tool", "{}")).build(), (answer, target) -> {
                            assertRpcError(answer, 200, -32602);
                            assertEquals(7, answer.json().get("id").asInt());
                        }),
                ContractCase.of("mcp_arguments_that_are_not_an_object_are_invalid_params",
                        mcp(request("tools/call", "{\"name\":\"send_message\",\"arguments\":[1]}")).build(),
                        (answer, target) -> assertRpcError(answer, 200, -32602)));
    }

    static List<ContractCase> progress() {
        return List.of(
                ContractCase.of("mcp_progress_token_streams_progress_then_the_result",
                        mcp(callWithProgress("send_message", "{\"message\":\"hello\"}")).build(),
                        (answer, target) -> {
                            assertEquals(200, answer.status(), answer.toString());
                            assertTrue(answer.isEventStream(), answer.toString());
                            List<SseEvent> events = answer.events().isEmpty()
                                    ? Exchange.parseEvents(answer.text(), 0) : answer.events();
                            List<JsonNode> messages = new ArrayList<>();
                            for (SseEvent event : events) {
                                messages.add(MAPPER.readTree(event.data()));
                            }
                            JsonNode last = messages.get(messages.size() - 1);
                            assertEquals(7, last.get("id").asInt(), last.toString());
                            assertEquals("You said \"hello\". This is turn 1 of this session.",
                                    text(last.get("result"), false));
                            // The token, the rise and the order are validate-contract's rules P4.4 to P4.6.
                            List<String> texts = new ArrayList<>();
                            for (JsonNode note : messages.subList(0, messages.size() - 1)) {
                                assertEquals("notifications/progress", note.get("method").asText());
                                texts.add(note.at("/params/message").asText());
                            }
                            assertTrue(texts.contains(AGENT + " step 2 (llm)"), texts.toString());
                            assertTrue(texts.contains(AGENT + "/read the session: completed"), texts.toString());
                        }),
                ContractCase.of("mcp_without_progress_token_is_one_json_answer",
                        mcp(call("send_message", "{\"message\":\"hello\"}")).build(),
                        (answer, target) -> assertFalse(answer.isEventStream())));
    }

    static List<ContractCase> errors() {
        return List.of(
                ContractCase.of("mcp_unknown_method_is_method_not_found",
                        mcp(request("no/such/method", "{}")).build(), (answer, target) ->
                                assertRpcError(answer, 200, -32601)),
                ContractCase.of("mcp_body_that_is_not_json_is_400_parse_error", mcp("{not json").build(),
                        (answer, target) -> {
                            assertRpcError(answer, 400, -32700);
                            assertTrue(answer.json().get("id").isNull());
                        }),
                ContractCase.of("mcp_message_without_jsonrpc_2_0_is_400_invalid_request",
                        mcp("{\"id\":1,\"method\":\"ping\"}").build(), (answer, target) ->
                                assertRpcError(answer, 400, -32600)),
                ContractCase.of("mcp_params_that_are_not_an_object_are_invalid_params",
                        mcp("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":[1]}").build(),
                        (answer, target) -> assertRpcError(answer, 200, -32602)),
                ContractCase.of("mcp_other_content_type_is_415", post("/mcp").authorized().header("Accept", ACCEPT)
                        .body("text/plain", "{}".getBytes()).build(), (answer, target) ->
                        assertRpcError(answer, 415, -32600)));
    }

    static List<ContractCase> transport() {
        String ping = request("ping", "{}");
        return List.of(
                ContractCase.of("mcp_accept_without_event_stream_is_406", post("/mcp").authorized()
                        .header("Accept", "application/json").json(ping).build(), (answer, target) ->
                        assertRpcError(answer, 406, -32600)),
                ContractCase.of("mcp_unsupported_protocol_version_header_is_400",
                        mcp(ping).header("MCP-Protocol-Version", "2024-01-01").build(), (answer, target) ->
                                assertRpcError(answer, 400, -32600)),
                ContractCase.of("mcp_foreign_origin_is_403", mcp(ping).header("Origin", "https://evil.example")
                        .build(), (answer, target) -> assertRpcError(answer, 403, -32600)),
                ContractCase.of("mcp_loopback_origin_is_allowed", mcp(ping).header("Origin", "http://localhost:3000")
                        .build(), (answer, target) -> result(answer)),
                ContractCase.of("mcp_get_is_405_as_no_server_stream_is_offered", get("/mcp").authorized()
                        .header("Accept", "text/event-stream").build(), (answer, target) -> {
                            assertRpcError(answer, 405, -32600);
                            assertEquals("DELETE, POST", answer.header("Allow"));
                        }),
                ContractCase.of("mcp_without_token_is_401", post("/mcp").header("Accept", ACCEPT).json(ping).build(),
                        (answer, target) -> {
                            assertRpcError(answer, 401, -32600);
                            assertNotNull(answer.header("WWW-Authenticate"));
                        }),
                ContractCase.of("mcp_with_wrong_token_is_403", post("/mcp").header("Authorization", "Bearer nope")
                        .header("Accept", ACCEPT).json(ping).build(), (answer, target) ->
                        assertRpcError(answer, 403, -32600)));
    }

    static List<ContractCase> perRequestVersion() {
        return List.of(
                ContractCase.of("mcp_2026_server_discover_lists_the_versions",
                        modern("server/discover", null, "{}").build(), (answer, target) -> {
                            JsonNode result = result(answer);
                            assertEquals("complete", result.get("resultType").asText());
                            assertEquals(MAPPER.readTree("[\"2025-03-26\",\"2025-06-18\",\"2025-11-25\","
                                    + "\"2026-07-28\"]"), result.get("supportedVersions"));
                            assertEquals(AGENT, result.at("/serverInfo/name").asText());
                        }),
                ContractCase.of("mcp_2026_tools_call_needs_no_initialize",
                        modern("tools/call", "send_message", "{\"name\":\"send_message\","
                                + "\"arguments\":{\"message\":\"hi\"}}").build(), (answer, target) ->
                                assertEquals("You said \"hi\". This is turn 1 of this session.",
                                        text(result(answer), false))),
                ContractCase.of("mcp_2026_a_request_state_the_server_did_not_sign_is_invalid_params",
                        modern("tools/call", "send_message", "{\"name\":\"send_message\","
                                + "\"arguments\":{\"message\":\"hi\"},\"requestState\":\"e30.forged\"}").build(),
                        (answer, target) -> assertRpcError(answer, 200, -32602)),
                ContractCase.of("mcp_2026_has_no_ping", modern("ping", null, "{}").build(), (answer, target) ->
                        assertRpcError(answer, 404, -32601)));
    }

    static List<ContractCase> registry() {
        return List.of(ContractCase.of("mcp_registry_document_lists_this_agent",
                get("/.well-known/mcp/server.json").build(), (answer, target) -> {
                    assertEquals(200, answer.status(), answer.toString());
                    assertEquals("application/json", answer.header("Content-Type"));
                    JsonNode server = answer.json().at("/servers/0/server");
                    assertEquals("dev.agentport/" + AGENT, server.get("name").asText());
                    assertFalse(server.get("version").asText().isEmpty());
                    assertTrue(server.at("/remotes/0/url").asText().matches("http://[^/]+/mcp"), server.toString());
                    assertEquals("active", answer.json().at(
                            "/servers/0/_meta/io.modelcontextprotocol.registry~1official/status").asText());
                }));
    }

    /** Session mode: the session lives in the store, so any instance sharing it continues it. */
    public static List<ContractCase> sessions() {
        return List.of(
                ContractCase.of("mcp_session_request_without_session_id_is_400",
                        mcp(request("tools/list", "{}")).build(), (answer, target) ->
                                assertRpcError(answer, 400, -32600)),
                ContractCase.of("mcp_session_unknown_session_id_is_404",
                        mcp(request("tools/list", "{}")).header("Mcp-Session-Id", "unknown-{run}").build(),
                        (answer, target) -> assertRpcError(answer, 404, -32001)),
                ContractCase.of("mcp_session_continues_with_its_session_id",
                        mcp(initialize("2025-06-18")).build(), (answer, target) -> {
                            String session = answer.header("Mcp-Session-Id");
                            Exchange list = target.send(inSession(request("tools/list", "{}"), session)
                                    .header("MCP-Protocol-Version", "2025-06-18").build());
                            assertEquals(2, result(list).get("tools").size());
                        }),
                ContractCase.of("mcp_session_version_header_other_than_the_sessions_is_400",
                        mcp(initialize("2025-06-18")).build(), (answer, target) -> {
                            String session = answer.header("Mcp-Session-Id");
                            assertRpcError(target.send(inSession(request("tools/list", "{}"), session)
                                    .header("MCP-Protocol-Version", "2025-11-25").build()), 400, -32600);
                        }),
                ContractCase.of("mcp_session_send_message_without_conversation_id_continues_the_session",
                        mcp(initialize("2025-11-25")).build(), (answer, target) -> {
                            String session = answer.header("Mcp-Session-Id");
                            result(target.send(inSession(call("send_message", "{\"message\":\"one\"}"), session)
                                    .build()));
                            Exchange second = target.send(inSession(call("send_message", "{\"message\":\"two\"}"),
                                    session).build());
                            assertEquals("You said \"two\". Before that you said \"one\". This is turn 2 of "
                                    + "this session.", text(result(second), false));
                        }),
                ContractCase.of("mcp_session_delete_ends_it_and_later_requests_are_404",
                        mcp(initialize("2025-11-25")).build(), (answer, target) -> {
                            String session = answer.header("Mcp-Session-Id");
                            Exchange ended = target.send(method("DELETE", "/mcp").authorized()
                                    .header("Mcp-Session-Id", session).build());
                            assertEquals(204, ended.status(), ended.toString());
                            assertRpcError(target.send(inSession(request("ping", "{}"), session).build()), 404,
                                    -32001);
                            assertRpcError(target.send(method("DELETE", "/mcp").authorized()
                                    .header("Mcp-Session-Id", session).build()), 404, -32001);
                        }),
                ContractCase.of("mcp_session_notification_without_session_id_is_400",
                        mcp("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").build(),
                        (answer, target) -> assertRpcError(answer, 400, -32600)));
    }

    static CaseRequest.Builder inSession(String body, String session) {
        return mcp(body).header("Mcp-Session-Id", session);
    }
}
