package dev.agentport.contract;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static dev.agentport.contract.CaseRequest.get;
import static dev.agentport.contract.CaseRequest.method;
import static dev.agentport.contract.CaseRequest.post;
import static dev.agentport.contract.ContractCases.MAX_BODY_BYTES;
import static dev.agentport.contract.ContractCases.assertError;
import static dev.agentport.contract.ContractCases.assertInvokeResponse;
import static dev.agentport.contract.ContractCases.invokeOfSize;
import static dev.agentport.contract.ContractCases.nested;
import static dev.agentport.contract.ContractCases.sessionIdOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad requests, each with its status and code; when a request breaks several rules, the first checked wins. */
final class BadInputCases {

    private BadInputCases() {
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

    /** {@code AGENT_MAX_BODY_BYTES} is the largest body accepted, to the byte. */
    static List<ContractCase> bodyLimit() {
        return List.of(
                ContractCase.of("body_of_exactly_the_limit_is_accepted", post("/invoke").authorized()
                        .json(invokeOfSize(MAX_BODY_BYTES)).build(), (answer, target) -> assertInvokeResponse(answer)),
                ContractCase.of("body_one_byte_over_the_limit_is_413", post("/invoke").authorized()
                        .json(invokeOfSize(MAX_BODY_BYTES + 1)).build(),
                        (answer, target) -> assertError(answer, 413, "PAYLOAD_TOO_LARGE")));
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
}
