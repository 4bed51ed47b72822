package dev.agentport.contract;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static dev.agentport.contract.CaseRequest.post;
import static dev.agentport.contract.ContractCases.UUID;
import static dev.agentport.contract.ContractCases.assertError;
import static dev.agentport.contract.ContractCases.assertInvokeResponse;
import static dev.agentport.contract.ContractCases.fieldNames;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code /invoke}: the inputs it takes, its answer, and the session it continues. */
final class InvokeCases {

    private InvokeCases() {
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
}
