package dev.agentport.contract;

import java.util.List;

import static dev.agentport.contract.CaseRequest.post;
import static dev.agentport.contract.ContractCases.TOKEN;
import static dev.agentport.contract.ContractCases.assertError;
import static dev.agentport.contract.ContractCases.assertInvokeResponse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Bearer auth: who may call the agent, and what a refusal looks like. */
final class AuthCases {

    private AuthCases() {
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
}
