package dev.agentport.core;

import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.ContractCases;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The order of checks around readiness (contract version, auth, readiness, content type), on an agent that is still
 * loading. The other adjacent pairs are contract cases ({@code BadInputCases.orderOfChecks}) that every target runs.
 */
class CheckOrderTest {

    private static final String TOKEN = "order-token";
    private final CountDownLatch loaded = new CountDownLatch(1);
    private final InProcessTarget loading = new InProcessTarget(TestAgents.slowToLoad(loaded),
            Map.of("AGENT_AUTH_TOKEN", TOKEN), false);

    @AfterEach
    void finishLoading() {
        loaded.countDown();
    }

    @Test
    void contract_version_is_checked_before_readiness() throws Exception {
        assertError(loading.send(CaseRequest.post("/invoke").header("Authorization", "Bearer " + TOKEN)
                .header("X-Runtime-Contract-Version", "2").json("{\"input\":\"x\"}").build()),
                400, "UNSUPPORTED_CONTRACT_VERSION");
    }

    @Test
    void auth_is_checked_before_readiness() throws Exception {
        assertError(loading.send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build()),
                401, "UNAUTHORIZED");
    }

    @Test
    void a_wrong_token_is_checked_before_readiness() throws Exception {
        assertError(loading.send(CaseRequest.post("/stream").header("Authorization", "Bearer nope")
                .json("{\"input\":\"x\"}").build()), 403, "FORBIDDEN");
    }

    @Test
    void readiness_is_checked_before_the_content_type() throws Exception {
        assertError(loading.send(CaseRequest.post("/invoke").header("Authorization", "Bearer " + TOKEN)
                .body("text/plain", "input=x".getBytes(StandardCharsets.UTF_8)).build()), 503, "AGENT_NOT_LOADED");
    }

    @Test
    void readiness_is_checked_before_the_body_on_resume() throws Exception {
        assertError(loading.send(CaseRequest.post("/resume").header("Authorization", "Bearer " + TOKEN)
                .json("{\"thread_id\":").build()), 503, "AGENT_NOT_LOADED");
    }

    @Test
    void open_endpoints_do_not_wait_for_readiness() throws Exception {
        for (String path : new String[] {"/health", "/openapi.json", "/.well-known/agent.json"}) {
            Exchange answer = loading.send(CaseRequest.get(path).build());
            assertEquals(200, answer.status(), path);
        }
    }

    @Test
    void resume_on_an_agent_without_resume_is_501_before_the_body_is_read() throws Exception {
        InProcessTarget target = new InProcessTarget(TestAgents.echoContext(), Map.of());
        assertError(target.send(CaseRequest.post("/resume").body("text/plain", new byte[0]).build()),
                501, "NOT_IMPLEMENTED");
    }

    private static void assertError(Exchange answer, int status, String code) {
        ContractCases.assertCommonRules(answer);
        assertEquals(status, answer.status(), answer.toString());
        assertEquals(code, answer.json().at("/error/code").asText(), answer.toString());
    }
}
