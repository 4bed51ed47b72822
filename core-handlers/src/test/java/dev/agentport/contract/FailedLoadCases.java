package dev.agentport.contract;

import java.util.List;

import static dev.agentport.contract.CaseRequest.get;
import static dev.agentport.contract.CaseRequest.post;
import static dev.agentport.contract.ContractCases.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Rules for an agent whose {@code load()} failed: not in {@link ContractSuite#everyCase()}, since the targets of the
 * main suite serve the default agent; run against targets serving an agent that cannot load.
 */
public final class FailedLoadCases {

    private FailedLoadCases() {
    }

    public static List<ContractCase> all() {
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
}
