package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

import static dev.agentport.contract.CaseRequest.post;
import static dev.agentport.contract.ContractCases.assertError;
import static dev.agentport.contract.ContractCases.assertInvokeResponse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run paused for approval, and {@code /resume} continuing it. */
final class ResumeCases {

    private ResumeCases() {
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
}
