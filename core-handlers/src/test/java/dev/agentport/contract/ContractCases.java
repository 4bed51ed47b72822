package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static dev.agentport.contract.CaseRequest.get;
import static dev.agentport.contract.CaseRequest.method;
import static dev.agentport.contract.CaseRequest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The AgentBreeder Runtime Contract v1 as cases. Every target runs all of them with {@link #ENV}; adding a rule is
 * adding one entry to {@link #all()}.
 */
public final class ContractCases {

    /** The bearer token every target is started with. */
    public static final String TOKEN = "parity-secret-token-3f9a";

    /** The environment every target is started with. */
    public static final Map<String, String> ENV = Map.of(
            "AGENT_AUTH_TOKEN", TOKEN,
            "AGENT_MAX_BODY_BYTES", "65536",
            "AGENT_AION_DAEMON", "optional",
            "DEFAULT_AGENT_WORD_DELAY_MS", "25");

    static final int MAX_BODY_BYTES = 65536;
    static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private ContractCases() {
    }

    public static List<ContractCase> all() {
        List<ContractCase> cases = new ArrayList<>();
        cases.addAll(health());
        cases.addAll(versioning());
        cases.addAll(auth());
        cases.addAll(invoke());
        cases.addAll(badInput());
        cases.addAll(orderOfChecks());
        cases.addAll(sessionIds());
        cases.addAll(bodyLimit());
        cases.addAll(requestIds());
        cases.addAll(traceIds());
        cases.addAll(stream());
        cases.addAll(resume());
        cases.addAll(discovery());
        return cases;
    }

    static List<ContractCase> health() {
        return List.of(
                ContractCase.of("health_is_open_and_reports_healthy", get("/health").build(), (answer, target) -> {
                    assertEquals(200, answer.status());
                    SchemaCheck.assertValid("HealthResponse", answer.json());
                    assertEquals("healthy", answer.json().get("status").asText());
                    assertEquals("agentport-default-agent", answer.json().get("agent_name").asText());
                }),
                ContractCase.of("health_ignores_a_wrong_token", get("/health")
                        .header("Authorization", "Bearer wrong").build(), (answer, target) ->
                        assertEquals(200, answer.status())));
    }

    static List<ContractCase> versioning() {
        return List.of(
                ContractCase.of("request_asking_for_another_contract_version_is_400", post("/invoke").authorized()
                        .header("X-Runtime-Contract-Version", "2").json("{\"input\":\"hi\"}").build(),
                        (answer, target) -> assertError(answer, 400, "UNSUPPORTED_CONTRACT_VERSION")),
                ContractCase.of("request_asking_for_version_1_is_served", post("/invoke").authorized()
                        .header("X-Runtime-Contract-Version", "1").json("{\"input\":\"hi\"}").build(),
                        (answer, target) -> assertEquals(200, answer.status())),
                ContractCase.of("request_id_is_echoed", get("/health").header("X-Request-Id", "req-{run}-42").build(),
                        (answer, target) -> assertTrue(answer.header("X-Request-Id").matches("req-.+-42"))),
                ContractCase.of("request_id_is_echoed_on_errors", get("/nowhere")
                        .header("X-Request-Id", "req-err-7").build(),
                        (answer, target) -> assertEquals("req-err-7", answer.header("X-Request-Id"))));
    }

    static List<ContractCase> auth() {
        String body = "{\"input\":\"hi\"}";
        return List.of(
                ContractCase.of("invoke_without_token_is_401_with_www_authenticate", post("/invoke").json(body).build(),
                        (answer, target) -> {
                            assertError(answer, 401, "UNAUTHORIZED");
                            assertEquals("Bearer realm=\"agentport\"", answer.header("WWW-Authenticate"));
                        }),
                ContractCase.of("bearer_scheme_is_case_insensitive", post("/invoke")
                        .header("Authorization", "bEARER " + TOKEN).json(body).build(),
                        (answer, target) -> assertInvokeResponse(answer)),
                ContractCase.of("bearer_without_a_token_is_401", post("/invoke")
                        .header("Authorization", "Bearer").json(body).build(),
                        (answer, target) -> assertError(answer, 401, "UNAUTHORIZED")),
                ContractCase.of("invoke_with_basic_scheme_is_401", post("/invoke")
                        .header("Authorization", "Basic YWxhZGRpbjpvcGVuc2VzYW1l").json(body).build(),
                        (answer, target) -> assertError(answer, 401, "UNAUTHORIZED")),
                ContractCase.of("invoke_with_wrong_token_is_403", post("/invoke")
                        .header("Authorization", "Bearer not-the-token").json(body).build(),
                        (answer, target) -> {
                            assertError(answer, 403, "FORBIDDEN");
                            assertNull(answer.header("WWW-Authenticate"));
                        }),
                ContractCase.of("stream_without_token_is_401", post("/stream").json(body).build(),
                        (answer, target) -> assertError(answer, 401, "UNAUTHORIZED")),
                ContractCase.of("resume_with_wrong_token_is_403", post("/resume")
                        .header("Authorization", "Bearer nope").json("{\"thread_id\":\"t\",\"human_input\":\"y\"}")
                        .build(), (answer, target) -> assertError(answer, 403, "FORBIDDEN")),
                ContractCase.of("two_authorization_headers_are_401_whatever_their_order", post("/invoke")
                        .header("Authorization", "Bearer not-the-token").authorized().json(body).build(),
                        (answer, target) -> assertError(answer, 401, "UNAUTHORIZED")),
                ContractCase.of("auth_is_checked_before_the_body", post("/invoke").json("{not json").build(),
                        (answer, target) -> assertError(answer, 401, "UNAUTHORIZED")));
    }

    static List<ContractCase> invoke() {
        return List.of(
                ContractCase.of("invoke_accepts_a_string_input", post("/invoke").authorized()
                        .json("{\"input\":\"hello\",\"session_id\":\"str-{run}\"}").build(), (answer, target) -> {
                    assertInvokeResponse(answer);
                    assertEquals("You said \"hello\". This is turn 1 of this session.",
                            answer.json().get("output").asText());
                    assertTrue(answer.json().get("session_id").asText().startsWith("str-"));
                    assertFalse(answer.json().at("/metadata/interrupted").asBoolean());
                }),
                ContractCase.of("invoke_accepts_an_object_input", post("/invoke").authorized()
                        .json("{\"input\":{\"messages\":[{\"role\":\"user\",\"content\":\"from a graph\"}]}}").build(),
                        (answer, target) -> {
                            assertInvokeResponse(answer);
                            assertTrue(answer.json().get("output").asText().contains("from a graph"));
                        }),
                ContractCase.of("invoke_accepts_an_array_input", post("/invoke").authorized()
                        .json("{\"input\":[{\"role\":\"user\",\"content\":\"in an array\"}]}").build(),
                        (answer, target) -> {
                            assertInvokeResponse(answer);
                            assertTrue(answer.json().get("output").asText().contains("in an array"));
                        }),
                ContractCase.of("invoke_generates_a_session_id_when_none_is_sent", post("/invoke").authorized()
                        .json("{\"input\":\"hi\"}").build(), (answer, target) -> {
                    assertInvokeResponse(answer);
                    String id = answer.json().get("session_id").asText();
                    assertTrue(UUID.matcher(id).matches(), id);
                    assertEquals(id, answer.header("X-Session-Id"));
                }),
                ContractCase.of("invoke_takes_the_session_from_the_x_session_id_header", post("/invoke").authorized()
                        .header("X-Session-Id", "hdr-{run}").json("{\"input\":\"hi\"}").build(),
                        (answer, target) -> assertTrue(answer.json().get("session_id").asText().startsWith("hdr-"))),
                ContractCase.of("body_session_id_wins_over_the_header", post("/invoke").authorized()
                        .header("X-Session-Id", "hdr-{run}").json("{\"input\":\"hi\",\"session_id\":\"body-{run}\"}")
                        .build(), (answer, target) ->
                        assertTrue(answer.json().get("session_id").asText().startsWith("body-"))),
                ContractCase.of("invoke_remembers_earlier_turns_of_the_session",
                        List.of(post("/invoke").authorized()
                                .json("{\"input\":\"my name is Ada\",\"session_id\":\"mem-{run}\"}").build()),
                        post("/invoke").authorized().json("{\"input\":\"who am I?\",\"session_id\":\"mem-{run}\"}")
                                .build(), (answer, target) -> {
                            String output = answer.json().get("output").asText();
                            assertTrue(output.contains("Before that you said \"my name is Ada\""), output);
                            assertTrue(output.contains("turn 2"), output);
                        }),
                ContractCase.of("invoke_accepts_config_and_metadata_objects", post("/invoke").authorized()
                        .json("{\"input\":\"hi\",\"config\":{\"configurable\":{\"user_id\":\"alice\"}},"
                                + "\"metadata\":{\"request_id\":\"r1\"}}").build(),
                        (answer, target) -> assertInvokeResponse(answer)),
                ContractCase.of("invoke_response_leaves_the_sidecar_fields_unset", post("/invoke").authorized()
                        .json("{\"input\":\"hi\"}").build(), (answer, target) -> {
                    assertInvokeResponse(answer);
                    assertEquals(List.of("output", "session_id", "metadata"), fieldNames(answer.json()));
                    assertEquals(List.of("interrupted"), fieldNames(answer.json().get("metadata")));
                }),
                ContractCase.of("missing_content_type_is_read_as_json", post("/invoke").authorized()
                        .body(null, "{\"input\":\"hi\"}".getBytes(StandardCharsets.UTF_8)).build(),
                        (answer, target) -> assertInvokeResponse(answer)),
                ContractCase.of("json_content_type_with_parameters_is_accepted", post("/invoke").authorized()
                        .body("Application/JSON; charset=utf-8", "{\"input\":\"hi\"}".getBytes(StandardCharsets.UTF_8))
                        .build(), (answer, target) -> assertInvokeResponse(answer)),
                ContractCase.of("json_suffix_content_type_is_accepted", post("/invoke").authorized()
                        .body("application/vnd.agentbreeder+json", "{\"input\":\"hi\"}".getBytes(StandardCharsets.UTF_8))
                        .build(), (answer, target) -> assertInvokeResponse(answer)));
    }

    static List<ContractCase> badInput() {
        byte[] invalidUtf8 = {'{', '"', 'i', 'n', 'p', 'u', 't', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
        return List.of(
                ContractCase.of("malformed_json_is_400", post("/invoke").authorized().json("{\"input\": \"x\"").build(),
                        (answer, target) -> assertError(answer, 400, "INVALID_JSON")),
                ContractCase.of("missing_input_is_400", post("/invoke").authorized().json("{\"session_id\":\"x\"}")
                        .build(), (answer, target) -> assertError(answer, 400, "INVALID_INPUT")),
                ContractCase.of("empty_body_is_400", post("/invoke").authorized()
                        .body("application/json", new byte[0]).build(),
                        (answer, target) -> assertError(answer, 400, "INVALID_JSON")),
                ContractCase.of("non_json_content_type_is_400", post("/invoke").authorized()
                        .body("text/plain", "input=hi".getBytes(StandardCharsets.UTF_8)).build(),
                        (answer, target) -> assertError(answer, 400, "UNSUPPORTED_MEDIA_TYPE")),
                ContractCase.of("invalid_utf8_is_400", post("/invoke").authorized()
                        .body("application/json", invalidUtf8).build(),
                        (answer, target) -> assertError(answer, 400, "INVALID_JSON")),
                ContractCase.of("deeply_nested_json_is_400", post("/invoke").authorized()
                        .json("{\"input\":" + "[".repeat(5000) + "]".repeat(5000) + "}").build(),
                        (answer, target) -> assertError(answer, 400, "INVALID_JSON")),
                ContractCase.of("duplicate_keys_are_400", post("/invoke").authorized()
                        .json("{\"input\":\"a\",\"input\":\"b\"}").build(),
                        (answer, target) -> assertError(answer, 400, "INVALID_JSON")),
                ContractCase.of("duplicate_keys_in_a_nested_object_are_400", post("/invoke").authorized()
                        .json("{\"input\":\"a\",\"config\":{\"k\":1,\"k\":2}}").build(),
                        (answer, target) -> assertError(answer, 400, "INVALID_JSON")),
                ContractCase.of("nesting_of_64_levels_is_accepted", post("/invoke").authorized()
                        .json(nested(64)).build(), (answer, target) -> assertInvokeResponse(answer)),
                ContractCase.of("nesting_of_65_levels_is_400", post("/invoke").authorized()
                        .json(nested(65)).build(), (answer, target) -> assertError(answer, 400, "INVALID_JSON")),
                ContractCase.of("body_over_the_limit_is_413", post("/invoke").authorized()
                        .json("{\"input\":\"" + "a".repeat(MAX_BODY_BYTES) + "\"}").build(),
                        (answer, target) -> assertError(answer, 413, "PAYLOAD_TOO_LARGE")),
                ContractCase.of("input_of_the_wrong_type_is_422", post("/invoke").authorized().json("{\"input\":42}")
                        .build(), (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("null_input_is_422", post("/invoke").authorized().json("{\"input\":null}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("body_that_is_not_an_object_is_422", post("/invoke").authorized().json("[1,2]").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("config_that_is_not_an_object_is_422", post("/invoke").authorized()
                        .json("{\"input\":\"hi\",\"config\":\"x\"}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("session_id_that_is_not_visible_ascii_is_422", post("/invoke").authorized()
                        .json("{\"input\":\"hi\",\"session_id\":\"caf\u00e9\"}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("session_id_that_is_not_a_string_is_422", post("/invoke").authorized()
                        .json("{\"input\":\"hi\",\"session_id\":7}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("unknown_path_is_404_in_the_envelope", get("/cancel").build(),
                        (answer, target) -> assertError(answer, 404, "NOT_FOUND")),
                ContractCase.of("wrong_method_is_405_with_allow", get("/invoke").authorized().build(),
                        (answer, target) -> {
                            assertError(answer, 405, "METHOD_NOT_ALLOWED");
                            assertEquals("POST", answer.header("Allow"));
                        }),
                ContractCase.of("post_on_health_is_405_with_allow", method("POST", "/health")
                        .json("{}").build(), (answer, target) -> {
                    assertError(answer, 405, "METHOD_NOT_ALLOWED");
                    assertEquals("GET, HEAD", answer.header("Allow"));
                }));
    }

    /**
     * The order of checks: contract version, bearer auth, readiness, content type, body size, JSON syntax, fields,
     * agent. Each case breaks two adjacent rules at once; the earlier one must win. (Readiness needs an agent that is
     * still loading: see {@code CheckOrderTest}.)
     */
    static List<ContractCase> orderOfChecks() {
        byte[] oversized = ("{\"input\":\"" + "a".repeat(MAX_BODY_BYTES) + "\"}").getBytes(StandardCharsets.UTF_8);
        byte[] oversizedMalformed = ("{\"input\":\"" + "a".repeat(MAX_BODY_BYTES)).getBytes(StandardCharsets.UTF_8);
        return List.of(
                ContractCase.of("contract_version_is_checked_before_auth", post("/invoke")
                        .header("X-Runtime-Contract-Version", "2").json("{\"input\":\"hi\"}").build(),
                        (answer, target) -> assertError(answer, 400, "UNSUPPORTED_CONTRACT_VERSION")),
                ContractCase.of("auth_is_checked_before_the_content_type", post("/invoke")
                        .body("text/plain", "input=hi".getBytes(StandardCharsets.UTF_8)).build(),
                        (answer, target) -> assertError(answer, 401, "UNAUTHORIZED")),
                ContractCase.of("auth_is_checked_before_the_body_size", post("/invoke")
                        .json(new String(oversized, StandardCharsets.UTF_8)).build(),
                        (answer, target) -> assertError(answer, 401, "UNAUTHORIZED")),
                ContractCase.of("content_type_is_checked_before_the_body_size", post("/invoke").authorized()
                        .body("text/plain", oversized).build(),
                        (answer, target) -> assertError(answer, 400, "UNSUPPORTED_MEDIA_TYPE")),
                ContractCase.of("content_type_is_checked_before_an_empty_body", post("/invoke").authorized()
                        .body("text/plain", new byte[0]).build(),
                        (answer, target) -> assertError(answer, 400, "UNSUPPORTED_MEDIA_TYPE")),
                ContractCase.of("body_size_is_checked_before_json_syntax", post("/invoke").authorized()
                        .body("application/json", oversizedMalformed).build(),
                        (answer, target) -> assertError(answer, 413, "PAYLOAD_TOO_LARGE")),
                ContractCase.of("json_syntax_is_checked_before_the_fields", post("/invoke").authorized()
                        .json("{\"input\":42,\"session_id\":7").build(),
                        (answer, target) -> assertError(answer, 400, "INVALID_JSON")),
                ContractCase.of("duplicate_keys_are_checked_before_the_fields", post("/invoke").authorized()
                        .json("{\"input\":42,\"input\":43}").build(),
                        (answer, target) -> assertError(answer, 400, "INVALID_JSON")),
                ContractCase.of("fields_are_checked_before_the_agent_runs", post("/invoke").authorized()
                        .json("{\"input\":\"remember me\",\"session_id\":\"ord-{run}\",\"config\":\"x\"}")
                        .build(), (answer, target) -> {
                    assertError(answer, 422, "VALIDATION_FAILED");
                    Exchange next = target.send(post("/invoke").authorized()
                            .json("{\"input\":\"hi\",\"session_id\":\"" + sessionIdOf(answer) + "\"}").build());
                    assertTrue(next.json().get("output").asText().contains("turn 1 of"), next.toString());
                }),
                ContractCase.of("stream_checks_the_body_in_the_same_order", post("/stream").authorized()
                        .body("text/plain", oversized).build(),
                        (answer, target) -> assertError(answer, 400, "UNSUPPORTED_MEDIA_TYPE")),
                ContractCase.of("resume_checks_the_body_in_the_same_order", post("/resume").authorized()
                        .body("application/json", oversizedMalformed).build(),
                        (answer, target) -> assertError(answer, 413, "PAYLOAD_TOO_LARGE")));
    }

    /** Session ids: 1 to 256 visible ASCII characters, in the body or in {@code X-Session-Id}. */
    static List<ContractCase> sessionIds() {
        String longest = "s{run}" + "x".repeat(256 - "s12345678".length());
        String tooLong = longest + "x";
        return List.of(
                ContractCase.of("session_id_of_256_characters_is_accepted", post("/invoke").authorized()
                        .json("{\"input\":\"hi\",\"session_id\":\"" + longest + "\"}").build(),
                        (answer, target) -> {
                            assertInvokeResponse(answer);
                            assertEquals(256, answer.json().get("session_id").asText().length());
                            assertEquals(answer.json().get("session_id").asText(), answer.header("X-Session-Id"));
                        }),
                ContractCase.of("session_id_of_257_characters_is_422", post("/invoke").authorized()
                        .json("{\"input\":\"hi\",\"session_id\":\"" + tooLong + "\"}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("session_id_with_a_space_is_422", post("/invoke").authorized()
                        .json("{\"input\":\"hi\",\"session_id\":\"a b\"}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("session_id_with_a_control_character_is_422", post("/invoke").authorized()
                        .json("{\"input\":\"hi\",\"session_id\":\"a\\u0007b\"}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("x_session_id_of_256_characters_is_accepted", post("/invoke").authorized()
                        .header("X-Session-Id", longest).json("{\"input\":\"hi\"}").build(),
                        (answer, target) -> {
                            assertInvokeResponse(answer);
                            assertEquals(256, answer.json().get("session_id").asText().length());
                            assertEquals(answer.json().get("session_id").asText(), answer.header("X-Session-Id"));
                        }),
                ContractCase.of("x_session_id_of_257_characters_is_422", post("/invoke").authorized()
                        .header("X-Session-Id", tooLong).json("{\"input\":\"hi\"}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("x_session_id_that_is_not_visible_ascii_is_422", post("/invoke").authorized()
                        .header("X-Session-Id", "a b").json("{\"input\":\"hi\"}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("x_session_id_on_stream_is_checked_too", post("/stream").authorized()
                        .header("X-Session-Id", tooLong).json("{\"input\":\"hi\"}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("thread_id_of_257_characters_is_422", post("/resume").authorized()
                        .json("{\"thread_id\":\"" + tooLong + "\",\"human_input\":\"yes\"}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")));
    }

    /** {@code AGENT_MAX_BODY_BYTES} is the largest body accepted, to the byte. */
    static List<ContractCase> bodyLimit() {
        return List.of(
                ContractCase.of("body_of_exactly_the_limit_is_accepted", post("/invoke").authorized()
                        .json(invokeOfSize(MAX_BODY_BYTES)).build(), (answer, target) -> assertInvokeResponse(answer)),
                ContractCase.of("body_one_byte_over_the_limit_is_413", post("/invoke").authorized()
                        .json(invokeOfSize(MAX_BODY_BYTES + 1)).build(),
                        (answer, target) -> assertError(answer, 413, "PAYLOAD_TOO_LARGE")));
    }

    /** {@code X-Request-Id} is echoed only when it is printable ASCII of at most 200 characters. */
    static List<ContractCase> requestIds() {
        String longest = "r{run}" + "x".repeat(200 - "r12345678".length());
        return List.of(
                ContractCase.of("request_id_of_200_characters_is_echoed", get("/health")
                        .header("X-Request-Id", longest).build(), (answer, target) ->
                        assertEquals(answer.request().headers().get(0).getValue(), answer.header("X-Request-Id"))),
                ContractCase.of("request_id_of_201_characters_is_not_echoed", get("/health")
                        .header("X-Request-Id", longest + "x").build(), (answer, target) ->
                        assertNull(answer.header("X-Request-Id"))),
                ContractCase.of("request_id_with_a_tab_is_not_echoed", get("/health")
                        .header("X-Request-Id", "req\tid").build(), (answer, target) ->
                        assertNull(answer.header("X-Request-Id"))),
                ContractCase.of("request_id_with_spaces_and_symbols_is_echoed", get("/nowhere")
                        .header("X-Request-Id", "req {run} #1/a=b").build(), (answer, target) ->
                        assertEquals(answer.request().headers().get(0).getValue(), answer.header("X-Request-Id"))));
    }

    /**
     * The {@code trace_id} of an error: a well-formed {@code X-Trace-Id}, else the trace id of {@code traceparent},
     * else a fresh one for every request.
     */
    static List<ContractCase> traceIds() {
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        return List.of(
                ContractCase.of("x_trace_id_is_the_trace_id", post("/invoke").header("X-Trace-Id", "trace-{run}")
                        .header("traceparent", traceparent).json("{\"input\":\"hi\"}").build(),
                        (answer, target) -> {
                            assertError(answer, 401, "UNAUTHORIZED");
                            assertEquals(answer.request().headers().get(0).getValue(), traceIdOf(answer));
                        }),
                ContractCase.of("traceparent_gives_the_trace_id_without_x_trace_id", get("/nowhere")
                        .header("traceparent", traceparent).build(), (answer, target) ->
                        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", traceIdOf(answer))),
                ContractCase.of("malformed_x_trace_id_is_ignored", get("/nowhere")
                        .header("X-Trace-Id", "not a trace id!").header("traceparent", traceparent).build(),
                        (answer, target) -> assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", traceIdOf(answer))),
                ContractCase.of("malformed_traceparent_is_ignored", get("/nowhere")
                        .header("traceparent", "00-not-a-trace").build(), (answer, target) ->
                        assertTrue(traceIdOf(answer).matches("[0-9a-f]{32}"), traceIdOf(answer))),
                ContractCase.of("trace_id_is_fresh_for_every_request", post("/invoke").json("{\"input\":\"hi\"}")
                        .build(), (answer, target) -> {
                    String first = traceIdOf(answer);
                    assertTrue(first.matches("[0-9a-f]{32}"), first);
                    String second = traceIdOf(target.send(answer.request()));
                    String third = traceIdOf(target.send(get("/nowhere").build()));
                    assertEquals(3, java.util.Set.of(first, second, third).size(),
                            "trace ids repeat: " + first + " " + second + " " + third);
                }));
    }

    static List<ContractCase> stream() {
        return List.of(
                ContractCase.of("stream_sends_the_sse_headers", post("/stream").authorized()
                        .json("{\"input\":\"hi\"}").build(), (answer, target) -> {
                    assertEquals(200, answer.status());
                    assertEquals("text/event-stream", answer.header("Content-Type"));
                    assertEquals("no-cache", answer.header("Cache-Control"));
                    assertEquals("no", answer.header("X-Accel-Buffering"));
                }),
                ContractCase.of("stream_returns_the_session_id_in_x_session_id", post("/stream").authorized()
                        .json("{\"input\":\"hi\",\"session_id\":\"sh-{run}\"}").build(), (answer, target) -> {
                    List<SseEvent> events = events(answer);
                    String sessionId = json(events.get(events.size() - 2).data()).get("session_id").asText();
                    assertTrue(sessionId.startsWith("sh-"), sessionId);
                    assertEquals(sessionId, answer.header("X-Session-Id"));
                }),
                ContractCase.of("stream_returns_a_generated_session_id_in_x_session_id", post("/stream")
                        .authorized().json("{\"input\":\"hi\"}").build(), (answer, target) -> {
                    List<SseEvent> events = events(answer);
                    String sessionId = json(events.get(events.size() - 2).data()).get("session_id").asText();
                    assertTrue(UUID.matcher(sessionId).matches(), sessionId);
                    assertEquals(sessionId, answer.header("X-Session-Id"));
                }),
                ContractCase.of("stream_emits_a_step_deltas_a_result_then_done", post("/stream").authorized()
                        .json("{\"input\":\"tell me a story\",\"session_id\":\"st-{run}\"}").build(),
                        (answer, target) -> {
                            List<SseEvent> events = events(answer);
                            assertEquals("step", events.get(0).event());
                            SchemaCheck.assertValid("SseStepEvent", json(events.get(0).data()));
                            StringBuilder text = new StringBuilder();
                            for (SseEvent event : events) {
                                if (event.event() == null && !event.isDone()) {
                                    SchemaCheck.assertValid("SseTextDelta", json(event.data()));
                                    text.append(json(event.data()).get("delta").asText());
                                }
                            }
                            SseEvent result = events.get(events.size() - 2);
                            assertEquals("result", result.event());
                            SchemaCheck.assertValid("SseResultEvent", json(result.data()));
                            assertEquals(json(result.data()).get("output").asText(), text.toString());
                            assertTrue(events.get(events.size() - 1).isDone());
                            assertTrue(answer.text().endsWith("data: [DONE]\n\n"));
                        }),
                ContractCase.of("stream_deltas_reach_the_client_before_the_run_ends", post("/stream").authorized()
                        .json("{\"input\":\"one two three four five six seven eight\"}").build(),
                        (answer, target) -> {
                            List<SseEvent> events = events(answer);
                            if (!target.streamsProgressively()) {
                                return;
                            }
                            long firstDelta = events.stream().filter(e -> e.event() == null).findFirst()
                                    .orElseThrow().arrivedAt();
                            long result = events.get(events.size() - 2).arrivedAt();
                            // The default agent pauses 25 ms between its ~15 words: a progressive stream spreads
                            // them over about 350 ms, a buffered one delivers them in the same instant.
                            assertTrue(result - firstDelta > 100_000_000L,
                                    "first delta and result arrived " + (result - firstDelta) / 1_000_000 + " ms apart");
                        }),
                ContractCase.of("stream_with_bad_body_answers_a_json_error_not_a_stream", post("/stream").authorized()
                        .json("{\"nope\":1}").build(), (answer, target) -> {
                    assertError(answer, 400, "INVALID_INPUT");
                    assertFalse(answer.isEventStream());
                }),
                ContractCase.of("stream_that_pauses_ends_with_an_interrupted_result_and_done", post("/stream")
                        .authorized().json("{\"input\":\"please approve the payment\",\"session_id\":\"sp-{run}\"}")
                        .build(), (answer, target) -> {
                    List<SseEvent> events = events(answer);
                    SseEvent result = events.get(events.size() - 2);
                    assertEquals("result", result.event());
                    JsonNode data = json(result.data());
                    assertTrue(data.at("/metadata/interrupted").asBoolean());
                    assertEquals("interrupted", data.at("/output/status").asText());
                    assertTrue(events.get(events.size() - 1).isDone());
                }));
    }

    static List<ContractCase> resume() {
        CaseRequest pause = post("/invoke").authorized()
                .json("{\"input\":\"please approve the refund\",\"session_id\":\"hitl-{run}\"}").build();
        return List.of(
                ContractCase.of("invoke_that_needs_approval_pauses_with_an_interrupted_output", post("/invoke")
                        .authorized().json("{\"input\":\"please approve the refund\",\"session_id\":\"p-{run}\"}")
                        .build(), (answer, target) -> {
                    assertInvokeResponse(answer);
                    JsonNode body = answer.json();
                    assertTrue(body.at("/metadata/interrupted").asBoolean());
                    SchemaCheck.assertValid("InterruptedOutput", body.get("output"));
                    assertEquals(body.get("session_id").asText(), body.at("/output/thread_id").asText());
                    assertEquals("human_approval", body.at("/output/awaiting/0").asText());
                }),
                ContractCase.of("resume_continues_a_paused_run", List.of(pause), post("/resume").authorized()
                        .json("{\"thread_id\":\"hitl-{run}\",\"human_input\":\"yes\"}").build(), (answer, target) -> {
                    assertInvokeResponse(answer);
                    assertEquals("Approved: \"please approve the refund\". Done.",
                            answer.json().get("output").asText());
                    assertEquals(answer.json().get("session_id").asText(), answer.header("X-Session-Id"));
                    assertFalse(answer.json().at("/metadata/interrupted").asBoolean());
                }),
                ContractCase.of("resume_of_a_finished_run_is_404", List.of(
                                post("/invoke").authorized().json("{\"input\":\"approve it\",\"session_id\":\"twice-{run}\"}")
                                        .build(),
                                post("/resume").authorized()
                                        .json("{\"thread_id\":\"twice-{run}\",\"human_input\":false}").build()),
                        post("/resume").authorized().json("{\"thread_id\":\"twice-{run}\",\"human_input\":true}")
                                .build(), (answer, target) -> assertError(answer, 404, "THREAD_NOT_FOUND")),
                ContractCase.of("resume_of_an_unknown_thread_is_404", post("/resume").authorized()
                        .json("{\"thread_id\":\"never-{run}\",\"human_input\":\"yes\"}").build(),
                        (answer, target) -> assertError(answer, 404, "THREAD_NOT_FOUND")),
                ContractCase.of("resume_without_thread_id_is_422", post("/resume").authorized()
                        .json("{\"human_input\":\"yes\"}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("resume_without_human_input_is_422", post("/resume").authorized()
                        .json("{\"thread_id\":\"x\"}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")),
                ContractCase.of("resume_with_null_human_input_is_422", post("/resume").authorized()
                        .json("{\"thread_id\":\"x\",\"human_input\":null}").build(),
                        (answer, target) -> assertError(answer, 422, "VALIDATION_FAILED")));
    }

    static List<ContractCase> discovery() {
        return List.of(
                ContractCase.of("openapi_is_open_and_a_complete_3_1_document", get("/openapi.json").build(),
                        (answer, target) -> {
                            assertEquals(200, answer.status());
                            JsonNode doc = answer.json();
                            assertEquals("3.1.0", doc.get("openapi").asText());
                            assertEquals("1", doc.at("/info/x-agentbreeder-runtime-contract").asText());
                            for (String path : List.of("/health", "/invoke", "/stream", "/resume", "/openapi.json",
                                    "/.well-known/agent.json")) {
                                assertTrue(doc.get("paths").has(path), path);
                            }
                            for (String schema : List.of("InvokeRequest", "InvokeResponse", "ResumeRequest",
                                    "ErrorEnvelope", "HealthResponse", "AgentCard")) {
                                assertTrue(doc.at("/components/schemas").has(schema), schema);
                            }
                            assertEquals("#/components/schemas/InvokeRequest",
                                    doc.at("/paths/~1invoke/post/requestBody/content/application~1json/schema/$ref")
                                            .asText());
                        }),
                ContractCase.of("agent_card_is_open_and_readable_by_agentbreeder_and_a2a",
                        get("/.well-known/agent.json").build(), (answer, target) -> {
                            assertEquals(200, answer.status());
                            JsonNode card = answer.json();
                            SchemaCheck.assertValid("AgentCard", card);
                            assertEquals("/invoke", card.at("/endpoints/invoke").asText());
                            assertEquals("/resume", card.at("/endpoints/resume").asText());
                            assertTrue(card.at("/capabilities/streaming").asBoolean());
                            assertFalse(card.get("skills").isEmpty());
                        }),
                ContractCase.of("agent_card_describes_the_agent_and_its_endpoints", get("/.well-known/agent.json")
                        .build(), (answer, target) -> {
                    JsonNode card = answer.json();
                    assertEquals("agentport-default-agent", card.get("name").asText());
                    assertEquals("0.1.0", card.get("version").asText());
                    assertFalse(card.get("description").asText().isBlank());
                    assertEquals("agentbreeder-runtime-v1", card.get("protocol").asText());
                    assertEquals("/stream", card.at("/endpoints/stream").asText());
                    assertEquals("/health", card.at("/endpoints/health").asText());
                    assertEquals("/openapi.json", card.at("/endpoints/openapi").asText());
                    assertTrue(card.at("/capabilities/resume").asBoolean());
                    assertEquals("[\"text/plain\",\"application/json\"]", card.get("defaultInputModes").toString());
                    assertEquals("[\"text/plain\",\"application/json\"]", card.get("defaultOutputModes").toString());
                    assertEquals("echo", card.at("/skills/0/id").asText());
                }),
                ContractCase.of("agent_card_declares_bearer_security_when_auth_is_on", get("/.well-known/agent.json")
                        .build(), (answer, target) -> {
                    JsonNode card = answer.json();
                    assertEquals("{\"bearerAuth\":{\"type\":\"http\",\"scheme\":\"bearer\"}}",
                            card.get("securitySchemes").toString());
                    assertEquals("[{\"bearerAuth\":[]}]", card.get("security").toString());
                }),
                ContractCase.of("agent_card_has_no_url_without_a_public_url", get("/.well-known/agent.json").build(),
                        (answer, target) -> assertFalse(answer.json().has("url"), answer.toString())),
                ContractCase.of("openapi_server_is_relative_without_a_public_url", get("/openapi.json").build(),
                        (answer, target) -> assertEquals("[{\"url\":\"/\"}]", answer.json().get("servers").toString())),
                ContractCase.of("openapi_names_the_agent", get("/openapi.json").build(), (answer, target) -> {
                    assertTrue(answer.json().at("/info/title").asText().startsWith("agentport-default-agent"));
                    assertEquals("0.1.0", answer.json().at("/info/version").asText());
                }),
                ContractCase.of("openapi_lists_every_error_code_with_its_status", get("/openapi.json").build(),
                        (answer, target) -> {
                            JsonNode codes = answer.json().at("/components/schemas/ErrorCode");
                            List<String> listed = new ArrayList<>();
                            codes.get("enum").forEach(code -> listed.add(code.asText()));
                            assertEquals(ERROR_STATUS.keySet(), new java.util.HashSet<>(listed));
                            ERROR_STATUS.forEach((code, status) ->
                                    assertEquals(status, codes.at("/x-http-status/" + code).asInt(), code));
                        }));
    }

    /** Every error code the README documents, with its status. */
    static final Map<String, Integer> ERROR_STATUS = Map.ofEntries(
            Map.entry("INVALID_JSON", 400), Map.entry("INVALID_INPUT", 400), Map.entry("UNSUPPORTED_MEDIA_TYPE", 400),
            Map.entry("UNSUPPORTED_CONTRACT_VERSION", 400), Map.entry("MALFORMED_REQUEST", 400),
            Map.entry("UNAUTHORIZED", 401), Map.entry("FORBIDDEN", 403), Map.entry("NOT_FOUND", 404),
            Map.entry("THREAD_NOT_FOUND", 404), Map.entry("METHOD_NOT_ALLOWED", 405),
            Map.entry("PAYLOAD_TOO_LARGE", 413), Map.entry("VALIDATION_FAILED", 422),
            Map.entry("INTERNAL_ERROR", 500), Map.entry("NOT_IMPLEMENTED", 501), Map.entry("AGENT_NOT_LOADED", 503),
            Map.entry("SHUTTING_DOWN", 503), Map.entry("SERVICE_UNAVAILABLE", 503),
            Map.entry("DEADLINE_EXCEEDED", 504));

    /**
     * Rules for an agent whose {@code load()} failed: not in {@link #all()}, since the targets of the main suite serve
     * the default agent; run against targets serving an agent that cannot load.
     */
    public static List<ContractCase> failedLoad() {
        return List.of(
                ContractCase.of("health_is_503_failed_when_the_agent_failed_to_load", get("/health").build(),
                        (answer, target) -> {
                            assertEquals(503, answer.status());
                            SchemaCheck.assertValid("HealthResponse", answer.json());
                            assertEquals("failed", answer.json().get("status").asText());
                        }),
                ContractCase.of("invoke_is_503_with_retry_after_when_the_agent_failed_to_load", post("/invoke")
                        .authorized().json("{\"input\":\"hi\"}").build(), (answer, target) -> {
                    assertError(answer, 503, "AGENT_NOT_LOADED");
                    assertEquals("5", answer.header("Retry-After"));
                }),
                ContractCase.of("stream_is_503_with_retry_after_when_the_agent_failed_to_load", post("/stream")
                        .authorized().json("{\"input\":\"hi\"}").build(), (answer, target) -> {
                    assertError(answer, 503, "AGENT_NOT_LOADED");
                    assertEquals("5", answer.header("Retry-After"));
                }),
                ContractCase.of("resume_is_503_with_retry_after_when_the_agent_failed_to_load", post("/resume")
                        .authorized().json("{\"thread_id\":\"t\",\"human_input\":\"yes\"}").build(),
                        (answer, target) -> {
                            assertError(answer, 503, "AGENT_NOT_LOADED");
                            assertEquals("5", answer.header("Retry-After"));
                        }),
                ContractCase.of("auth_is_checked_before_readiness", post("/invoke").json("{\"input\":\"hi\"}")
                        .build(), (answer, target) -> {
                    assertError(answer, 401, "UNAUTHORIZED");
                    assertNull(answer.header("Retry-After"));
                }),
                ContractCase.of("readiness_is_checked_before_the_body", post("/invoke").authorized()
                        .body("text/plain", new byte[0]).build(),
                        (answer, target) -> assertError(answer, 503, "AGENT_NOT_LOADED")),
                ContractCase.of("openapi_stays_open_when_the_agent_failed_to_load", get("/openapi.json").build(),
                        (answer, target) -> assertEquals(200, answer.status())));
    }

    // ---- shared assertions -------------------------------------------------------------------------------------

    /**
     * Checks every answer must pass, whatever the case: on Daedalus and local adapter paths that face's own rules;
     * elsewhere the version header, no secret, no stack trace.
     */
    public static void assertCommonRules(Exchange answer) {
        if (A2aJsonRpcCases.owns(answer.request())) {
            A2aJsonRpcCases.assertCommonRules(answer);
            return;
        }
        if (DaedalusCases.owns(answer.request())) {
            DaedalusCases.assertCommonRules(answer);
            return;
        }
        if (LocalAdapterCases.owns(answer.request())) {
            LocalAdapterCases.assertCommonRules(answer);
            return;
        }
        if (McpCases.owns(answer.request())) {
            McpCases.assertCommonRules(answer);
            return;
        }
        assertEquals("1", answer.header("X-Runtime-Contract-Version"), "X-Runtime-Contract-Version on " + answer);
        String everything = answer.headers() + answer.text();
        assertFalse(everything.contains(TOKEN), "the token leaked: " + answer);
        assertFalse(everything.contains("\tat ") || everything.contains("Exception"), "stack trace: " + answer);
        if (answer.status() >= 400) {
            assertEquals("application/json", answer.header("Content-Type"), answer.toString());
            boolean healthForm = answer.request().path().equals("/health") && answer.status() == 503
                    && answer.json().has("status");
            SchemaCheck.assertValid(healthForm ? "HealthResponse" : "ErrorEnvelope", answer.json());
        }
    }

    static void assertError(Exchange answer, int status, String code) {
        assertEquals(status, answer.status(), answer.toString());
        assertEquals(code, answer.json().at("/error/code").asText(), answer.toString());
        assertFalse(answer.json().at("/error/message").asText().isBlank());
    }

    static void assertInvokeResponse(Exchange answer) {
        assertEquals(200, answer.status(), answer.toString());
        assertEquals("application/json", answer.header("Content-Type"));
        SchemaCheck.assertValid("InvokeResponse", answer.json());
    }

    static List<SseEvent> events(Exchange answer) {
        assertEquals(200, answer.status(), answer.toString());
        assertTrue(answer.isEventStream(), answer.toString());
        List<SseEvent> events = answer.events();
        assertNotNull(events);
        assertTrue(events.size() >= 2, answer.toString());
        return events;
    }

    /** The {@code trace_id} of an error envelope. */
    public static String traceIdOf(Exchange answer) {
        String traceId = answer.json().path("trace_id").asText();
        assertFalse(traceId.isEmpty(), "no trace_id: " + answer);
        return traceId;
    }

    static String sessionIdOf(Exchange answer) {
        String body = answer.request().body() == null ? "" : new String(answer.request().body(), StandardCharsets.UTF_8);
        return json(body).get("session_id").asText();
    }

    static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** A JSON body nested {@code depth} levels deep, the outer object included. */
    static String nested(int depth) {
        return "{\"input\":" + "[".repeat(depth - 1) + "]".repeat(depth - 1) + "}";
    }

    /** An invoke body of exactly {@code bytes} bytes. */
    static String invokeOfSize(int bytes) {
        String frame = "{\"input\":\"\"}";
        return "{\"input\":\"" + "a".repeat(bytes - frame.length()) + "\"}";
    }

    static JsonNode json(String text) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }
}
