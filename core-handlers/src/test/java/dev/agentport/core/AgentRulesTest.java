package dev.agentport.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.ContractCases;
import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.FailedLoadCases;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.contract.SchemaCheck;
import dev.agentport.contract.SseEvent;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Contract rules that need an agent other than the default one. */
class AgentRulesTest {

    private static final Map<String, String> NO_AUTH = Map.of();
    private static final String SECRET = "s3cr3t-password";

    @Test
    void config_and_metadata_reach_the_agent() throws Exception {
        Exchange answer = new InProcessTarget(TestAgents.echoContext(), NO_AUTH).send(CaseRequest.post("/invoke")
                .header("X-Request-Id", "rid-1")
                .json("{\"input\":\"x\",\"config\":{\"configurable\":{\"user_id\":\"alice\"}},"
                        + "\"metadata\":{\"m\":1}}").build());
        assertEquals(200, answer.status());
        JsonNode output = answer.json().get("output");
        assertEquals("alice", output.at("/config/configurable/user_id").asText());
        assertEquals(1, output.at("/metadata/m").asInt());
        assertEquals("rid-1", output.get("request_id").asText());
    }

    @Test
    void agent_exception_is_a_500_envelope_without_the_secret_in_its_message() throws Exception {
        Exchange answer = new InProcessTarget(TestAgents.failingWithSecret(SECRET), NO_AUTH)
                .send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build());
        ContractCases.assertCommonRules(answer);
        assertEquals(500, answer.status());
        assertEquals("INTERNAL_ERROR", answer.json().at("/error/code").asText());
        assertFalse(answer.text().contains(SECRET));
        assertTrue(answer.json().at("/error/message").asText().contains(answer.json().get("trace_id").asText()));
    }

    @Test
    void agent_exception_message_meant_for_callers_is_shown() throws Exception {
        Exchange answer = new InProcessTarget(TestAgents.failingWithAgentException("quota exhausted"), NO_AUTH)
                .send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build());
        assertEquals(500, answer.status());
        assertEquals("quota exhausted", answer.json().at("/error/message").asText());
    }

    @Test
    void failed_stream_ends_with_an_error_event_then_done_under_200() throws Exception {
        Exchange answer = new InProcessTarget(TestAgents.failingWithAgentException("rate limited"), NO_AUTH)
                .send(CaseRequest.post("/stream").json("{\"input\":\"x\"}").build());
        assertEquals(200, answer.status());
        List<SseEvent> events = answer.events();
        assertEquals("{\"delta\":\"partial \"}", events.get(0).data());
        assertEquals("error", events.get(1).event());
        assertEquals("{\"error\":\"rate limited\"}", events.get(1).data());
        assertTrue(events.get(2).isDone());
        assertEquals(3, events.size());
    }

    @Test
    void failed_stream_does_not_leak_the_exception_message() throws Exception {
        Exchange answer = new InProcessTarget(TestAgents.failingWithSecret(SECRET), NO_AUTH)
                .send(CaseRequest.post("/stream").json("{\"input\":\"x\"}").build());
        assertFalse(answer.text().contains(SECRET));
        assertTrue(answer.text().endsWith("event: error\ndata: " + answer.events().get(1).data()
                + "\n\ndata: [DONE]\n\n"));
    }

    @Test
    void resume_on_an_agent_without_resume_is_501() throws Exception {
        Exchange answer = new InProcessTarget(TestAgents.echoContext(), NO_AUTH)
                .send(CaseRequest.post("/resume").json("{\"thread_id\":\"t\",\"human_input\":\"y\"}").build());
        ContractCases.assertCommonRules(answer);
        assertEquals(501, answer.status());
        assertEquals("NOT_IMPLEMENTED", answer.json().at("/error/code").asText());
    }

    @Test
    void agent_card_leaves_out_resume_when_the_agent_cannot_resume() throws Exception {
        Exchange answer = new InProcessTarget(TestAgents.echoContext(), NO_AUTH)
                .send(CaseRequest.get("/.well-known/agent.json").build());
        assertTrue(answer.json().at("/endpoints/resume").isMissingNode());
        assertFalse(answer.json().at("/capabilities/resume").asBoolean());
    }

    @Test
    void protected_endpoints_answer_503_with_retry_after_while_loading() throws Exception {
        CountDownLatch loaded = new CountDownLatch(1);
        InProcessTarget target = new InProcessTarget(TestAgents.slowToLoad(loaded), NO_AUTH, false);
        Exchange health = target.send(CaseRequest.get("/health").build());
        assertEquals(200, health.status());
        assertEquals("loading", health.json().get("status").asText());
        Exchange invoke = target.send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build());
        ContractCases.assertCommonRules(invoke);
        assertEquals(503, invoke.status());
        assertEquals("AGENT_NOT_LOADED", invoke.json().at("/error/code").asText());
        assertEquals("5", invoke.header("Retry-After"));

        loaded.countDown();
        assertTrue(target.core().lifecycle().awaitSettled(5, TimeUnit.SECONDS));
        assertEquals("healthy", target.send(CaseRequest.get("/health").build()).json().get("status").asText());
        assertEquals(200, target.send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build()).status());
    }

    @TestFactory
    Stream<DynamicTest> a_failed_load_answers_503_with_retry_after() {
        return ContractSuite.against(new InProcessTarget(TestAgents.failingToLoad(), ContractCases.ENV),
                FailedLoadCases.all());
    }

    @Test
    void stream_sends_tool_calls_as_named_tool_call_events() throws Exception {
        Exchange answer = new InProcessTarget(TestAgents.callingTools(), NO_AUTH)
                .send(CaseRequest.post("/stream").json("{\"input\":\"weather in Oslo\"}").build());
        List<SseEvent> events = answer.events();
        assertEquals("tool_call", events.get(0).event());
        assertEquals("{\"name\":\"search\",\"args\":{\"query\":\"weather in Oslo\"}}", events.get(0).data());
        SchemaCheck.assertValid("SseToolCallEvent", json(events.get(0).data()));
        assertEquals("tool_call", events.get(1).event());
        assertEquals("{\"name\":\"clock\",\"args\":{}}", events.get(1).data());
        SchemaCheck.assertValid("SseToolCallEvent", json(events.get(1).data()));
        assertEquals("{\"delta\":\"done\"}", events.get(2).data());
        assertEquals("result", events.get(3).event());
        assertTrue(events.get(4).isDone());
        assertTrue(answer.text().startsWith("event: tool_call\ndata: {\"name\":\"search\""), answer.text());
    }

    @Test
    void auth_is_off_when_the_token_is_unset() throws Exception {
        Exchange answer = new InProcessTarget(TestAgents.echoContext(), NO_AUTH)
                .send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build());
        assertEquals(200, answer.status());
    }

    @Test
    void auth_is_off_when_the_token_is_empty() throws Exception {
        Exchange answer = new InProcessTarget(TestAgents.echoContext(), Map.of("AGENT_AUTH_TOKEN", "  "))
                .send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build());
        assertEquals(200, answer.status());
    }

    @Test
    void a_run_past_its_timeout_is_cancelled_with_504() throws Exception {
        TestAgents.Endless agent = new TestAgents.Endless();
        Exchange answer = new InProcessTarget(agent, Map.of("AGENT_RUN_TIMEOUT_SECONDS", "1"))
                .send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build());
        ContractCases.assertCommonRules(answer);
        assertEquals(504, answer.status());
        assertEquals("DEADLINE_EXCEEDED", answer.json().at("/error/code").asText());
        assertTrue(agent.stopped.await(5, TimeUnit.SECONDS), "the agent was not stopped");
    }

    @Test
    void a_stream_past_its_timeout_ends_with_an_error_event_then_done() throws Exception {
        TestAgents.Endless agent = new TestAgents.Endless();
        Exchange answer = new InProcessTarget(agent, Map.of("AGENT_RUN_TIMEOUT_SECONDS", "1"))
                .send(CaseRequest.post("/stream").json("{\"input\":\"x\"}").build());
        List<SseEvent> events = answer.events();
        assertEquals("error", events.get(events.size() - 2).event());
        assertTrue(events.get(events.size() - 1).isDone());
        assertTrue(agent.stopped.await(5, TimeUnit.SECONDS), "the agent was not stopped");
    }

    @Test
    void an_error_thrown_by_the_agent_is_a_500_envelope_too() throws Exception {
        Exchange answer = new InProcessTarget(TestAgents.throwingAnError(), NO_AUTH)
                .send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build());
        ContractCases.assertCommonRules(answer);
        assertEquals(500, answer.status());
        assertFalse(answer.text().contains("hunter2"));
    }

    @Test
    void an_error_thrown_while_streaming_ends_with_an_error_event_then_done() throws Exception {
        Exchange answer = new InProcessTarget(TestAgents.throwingAnError(), NO_AUTH)
                .send(CaseRequest.post("/stream").json("{\"input\":\"x\"}").build());
        List<SseEvent> events = answer.events();
        assertEquals("error", events.get(events.size() - 2).event());
        assertTrue(events.get(events.size() - 1).isDone());
    }

    @Test
    void an_agent_that_implements_resume_is_resumable_with_no_other_flag() throws Exception {
        InProcessTarget target = new InProcessTarget(new TestAgents.SlowResume(0), NO_AUTH);
        Exchange card = target.send(CaseRequest.get("/.well-known/agent.json").build());
        assertTrue(card.json().at("/capabilities/resume").asBoolean());
        assertEquals("/resume", card.json().at("/endpoints/resume").asText());
        assertEquals(200, target.send(CaseRequest.post("/invoke")
                .json("{\"input\":\"x\",\"session_id\":\"t-2\"}").build()).status());
        Exchange resumed = target.send(CaseRequest.post("/resume")
                .json("{\"thread_id\":\"t-2\",\"human_input\":\"yes\"}").build());
        assertEquals(200, resumed.status());
        assertEquals("resumed", resumed.json().path("output").asText());
    }

    @Test
    void a_resume_that_timed_out_cannot_be_resumed_again() throws Exception {
        TestAgents.SlowResume agent = new TestAgents.SlowResume(1500);
        InProcessTarget target = new InProcessTarget(agent, Map.of("AGENT_RUN_TIMEOUT_SECONDS", "1"));
        assertEquals(200, target.send(CaseRequest.post("/invoke")
                .json("{\"input\":\"x\",\"session_id\":\"t-1\"}").build()).status());
        CaseRequest resume = CaseRequest.post("/resume").json("{\"thread_id\":\"t-1\",\"human_input\":\"yes\"}")
                .build();
        assertEquals(504, target.send(resume).status());
        Exchange retry = target.send(resume);
        assertEquals(404, retry.status());
        assertEquals("THREAD_NOT_FOUND", retry.json().at("/error/code").asText());
        Thread.sleep(1000);
        assertEquals(1, agent.finishedResumes.get());
    }

    @Test
    void an_error_while_loading_marks_the_agent_failed_not_loading_forever() throws Exception {
        dev.agentport.agent.Agent broken = new dev.agentport.agent.Agent() {
            @Override
            public dev.agentport.agent.AgentDescriptor descriptor() {
                return dev.agentport.agent.AgentDescriptor.of("broken", "1", "");
            }

            @Override
            public void load() {
                throw new AssertionError("cannot load");
            }

            @Override
            public dev.agentport.agent.RunResult invoke(dev.agentport.agent.RunInput input,
                                                        dev.agentport.agent.RunContext context) {
                return dev.agentport.agent.RunResult.of("never");
            }
        };
        InProcessTarget target = new InProcessTarget(broken, NO_AUTH);
        assertEquals(dev.agentport.runtime.Lifecycle.State.FAILED, target.core().lifecycle().state());
        Exchange answer = target.send(CaseRequest.post("/invoke").json("{\"input\":\"x\"}").build());
        assertEquals(503, answer.status());
        assertTrue(answer.json().at("/error/message").asText().contains("failed to load"));
    }

    private static JsonNode json(String text) throws java.io.IOException {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
    }
}
