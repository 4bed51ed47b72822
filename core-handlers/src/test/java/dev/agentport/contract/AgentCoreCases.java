package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static dev.agentport.contract.A2aJsonRpcCases.envelope;
import static dev.agentport.contract.A2aJsonRpcCases.sendParams;
import static dev.agentport.contract.A2aJsonRpcCases.v03Message;
import static dev.agentport.contract.CaseRequest.get;
import static dev.agentport.contract.CaseRequest.method;
import static dev.agentport.contract.CaseRequest.post;
import static dev.agentport.contract.ContractCases.TOKEN;
import static dev.agentport.contract.ContractCases.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The AWS Bedrock AgentCore Runtime service contract as cases: the HTTP protocol's {@code POST /invocations} and
 * {@code GET /ping}, with the headers the platform adds, and what its MCP and A2A protocols need of the other faces
 * (a platform-made {@code Mcp-Session-Id} on {@code /mcp}, JSON-RPC on {@code POST /}).
 */
public final class AgentCoreCases {

    static final String INVOCATIONS = "/invocations";
    static final String PING = "/ping";
    static final Set<String> PATHS = Set.of(INVOCATIONS, PING);
    static final String SESSION = "X-Amzn-Bedrock-AgentCore-Runtime-Session-Id";
    /** A session id as the platform makes them: 33 characters or more. */
    static final String PLATFORM_SESSION = "agentcore-session-{run}-0123456789abcdef";

    private AgentCoreCases() {
    }

    public static List<ContractCase> all() {
        List<ContractCase> cases = new ArrayList<>();
        cases.addAll(invocations());
        cases.addAll(stream());
        cases.addAll(badInput());
        cases.addAll(ping());
        cases.addAll(platformModes());
        return cases;
    }

    static boolean owns(CaseRequest request) {
        String path = request.path();
        int query = path.indexOf('?');
        return PATHS.contains(query < 0 ? path : path.substring(0, query));
    }

    /** JSON answers, no secret, no stack trace; an error is {@code {"error":"..."}}. */
    static void assertCommonRules(Exchange answer) {
        String everything = answer.headers() + answer.text();
        assertFalse(everything.contains(TOKEN), "the token leaked: " + answer);
        assertFalse(everything.contains("\tat ") || everything.contains("Exception"), "stack trace: " + answer);
        if (!answer.isEventStream()) {
            assertEquals("application/json", answer.header("Content-Type"), answer.toString());
        }
        if (answer.status() >= 400 && !answer.request().path().equals(PING)) {
            assertTrue(answer.json().get("error").isTextual(), answer.toString());
            assertFalse(answer.json().get("error").asText().isBlank(), answer.toString());
        }
    }

    static CaseRequest.Builder invocation(String json) {
        return post(INVOCATIONS).authorized().json(json);
    }

    static List<ContractCase> invocations() {
        return List.of(
                ContractCase.of("agentcore_invocation_reads_prompt_as_text_and_answers_the_output",
                        invocation("{\"prompt\":\"hello\"}").build(), (answer, target) -> {
                            assertEquals(200, answer.status(), answer.toString());
                            assertEquals("You said \"hello\". This is turn 1 of this session.",
                                    answer.json().get("output").asText());
                            assertTrue(ContractCases.UUID.matcher(answer.json().get("session_id").asText())
                                    .matches(), answer.toString());
                            assertEquals(answer.json().get("session_id").asText(), answer.header(SESSION));
                        }),
                ContractCase.of("agentcore_invocation_reads_input_as_text",
                        invocation("{\"input\":\"hi there\"}").build(), (answer, target) ->
                                assertEquals("You said \"hi there\". This is turn 1 of this session.",
                                        answer.json().get("output").asText())),
                ContractCase.of("agentcore_invocation_reads_message_as_text",
                        invocation("{\"message\":\"good day\"}").build(), (answer, target) ->
                                assertEquals("You said \"good day\". This is turn 1 of this session.",
                                        answer.json().get("output").asText())),
                ContractCase.of("agentcore_invocation_passes_any_other_json_unchanged",
                        invocation("{\"task\":\"sum\",\"values\":[1,2]}").build(), (answer, target) ->
                                assertEquals("You said \"{\"task\":\"sum\",\"values\":[1,2]}\". This is turn 1 of "
                                        + "this session.", answer.json().get("output").asText())),
                ContractCase.of("agentcore_session_header_continues_the_conversation",
                        List.of(invocation("{\"prompt\":\"my name is Ada\"}").header(SESSION, PLATFORM_SESSION)
                                .build()),
                        invocation("{\"prompt\":\"who am I?\"}").header(SESSION, PLATFORM_SESSION).build(),
                        (answer, target) -> {
                            String output = answer.json().get("output").asText();
                            assertTrue(output.contains("my name is Ada") && output.contains("turn 2"), output);
                            assertEquals(answer.request().headers().stream().filter(h -> h.getKey().equals(SESSION))
                                    .findFirst().orElseThrow().getValue(), answer.json().get("session_id").asText());
                        }),
                ContractCase.of("agentcore_invocation_without_a_content_type_is_read_as_json",
                        post(INVOCATIONS).authorized().body(null, "{\"prompt\":\"plain\"}"
                                .getBytes(StandardCharsets.UTF_8)).build(), (answer, target) ->
                                assertEquals(200, answer.status(), answer.toString())),
                ContractCase.of("agentcore_invocation_without_token_is_401",
                        post(INVOCATIONS).json("{\"prompt\":\"hi\"}").build(), (answer, target) -> {
                            assertEquals(401, answer.status(), answer.toString());
                            assertTrue(answer.header("WWW-Authenticate").startsWith("Bearer"), answer.toString());
                        }),
                ContractCase.of("agentcore_invocation_with_a_wrong_token_is_403",
                        post(INVOCATIONS).header("Authorization", "Bearer nope").json("{\"prompt\":\"hi\"}").build(),
                        (answer, target) -> assertEquals(403, answer.status(), answer.toString())),
                ContractCase.of("agentcore_invocation_get_is_405",
                        method("GET", INVOCATIONS).authorized().build(), (answer, target) -> {
                            assertEquals(405, answer.status(), answer.toString());
                            assertEquals("POST", answer.header("Allow"));
                        }));
    }

    static List<ContractCase> stream() {
        return List.of(ContractCase.of("agentcore_invocation_accepting_events_streams_deltas_then_the_final_answer",
                invocation("{\"prompt\":\"tell me a story\"}")
                        .header(SESSION, "agentcore-stream-{run}-0123456789abcdef")
                        .header("Accept", "text/event-stream").build(), (answer, target) -> {
                    assertEquals(200, answer.status(), answer.toString());
                    assertTrue(answer.isEventStream(), answer.toString());
                    List<SseEvent> events = answer.events();
                    assertTrue(events.size() >= 2, answer.toString());
                    StringBuilder text = new StringBuilder();
                    for (SseEvent event : events.subList(0, events.size() - 1)) {
                        assertNull(event.event(), "every event is a data line: " + answer);
                        text.append(json(event.data()).get("delta").asText());
                    }
                    JsonNode last = json(events.getLast().data());
                    assertEquals(text.toString(), last.get("output").asText());
                    assertEquals("You said \"tell me a story\". This is turn 1 of this session.",
                            last.get("output").asText());
                    assertTrue(last.get("session_id").asText().startsWith("agentcore-stream-"), last.toString());
                }));
    }

    static List<ContractCase> badInput() {
        int max = ContractCases.MAX_BODY_BYTES;
        return List.of(
                bad("agentcore_invocation_with_invalid_json_is_400", invocation("{\"prompt\": ").build(), 400),
                bad("agentcore_invocation_with_an_empty_body_is_400", invocation("").build(), 400),
                bad("agentcore_invocation_of_another_media_type_is_415",
                        post(INVOCATIONS).authorized().body("text/plain", "hi".getBytes(StandardCharsets.UTF_8))
                                .build(), 415),
                bad("agentcore_invocation_over_the_body_limit_is_413",
                        invocation("{\"prompt\":\"" + "a".repeat(max) + "\"}").build(), 413),
                bad("agentcore_invocation_with_a_session_id_over_256_characters_is_400",
                        invocation("{\"prompt\":\"hi\"}").header(SESSION, "s".repeat(257)).build(), 400));
    }

    private static ContractCase bad(String name, CaseRequest request, int status) {
        return ContractCase.of(name, request, (answer, target) -> {
            assertEquals(status, answer.status(), answer.toString());
            assertFalse(answer.isEventStream(), answer.toString());
        });
    }

    /** The shape and values of {@code /ping} are validate-contract's rules (agentcore 2.2), which every target runs. */
    static List<ContractCase> ping() {
        return List.of(
                ContractCase.of("agentcore_ping_answers_only_the_status_and_the_time_of_its_last_change",
                        get(PING).build(), (answer, target) -> {
                            JsonNode body = answer.json();
                            assertEquals(List.of("status", "time_of_last_update"), ContractCases.fieldNames(body));
                            // The target runs on this machine, so its clock is this one: no skew to allow for.
                            long time = body.get("time_of_last_update").asLong();
                            assertTrue(time > 1_600_000_000L && time <= System.currentTimeMillis() / 1000 + 1,
                                    answer.toString());
                        }),
                ContractCase.of("agentcore_ping_needs_no_token", get(PING).header("Authorization", "Bearer nope")
                        .build(), (answer, target) -> assertEquals(200, answer.status(), answer.toString())));
    }

    static List<ContractCase> platformModes() {
        return List.of(
                ContractCase.of("agentcore_mcp_mode_accepts_an_mcp_session_id_the_server_never_issued",
                        List.of(McpCases.mcp(McpCases.initialize("2025-06-18")).header("Mcp-Session-Id",
                                PLATFORM_SESSION).build()),
                        McpCases.mcp(McpCases.call("send_message", "{\"message\":\"hello\"}"))
                                .header("Mcp-Session-Id", PLATFORM_SESSION)
                                .header("MCP-Protocol-Version", "2025-06-18").build(),
                        (answer, target) -> assertEquals("You said \"hello\". This is turn 1 of this session.",
                                McpCases.text(McpCases.result(answer), false))),
                ContractCase.of("agentcore_a2a_mode_serves_json_rpc_on_the_root_path",
                        post("/").authorized().header(SESSION, PLATFORM_SESSION)
                                .json(envelope("ac-1", "message/send",
                                        sendParams(v03Message("ac-{run}", null, null, "hi")))).build(),
                        (answer, target) -> assertEquals("completed",
                                A2aJsonRpcCases.result(answer).at("/status/state").asText())));
    }
}
