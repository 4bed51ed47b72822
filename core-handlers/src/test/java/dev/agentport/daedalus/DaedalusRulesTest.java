package dev.agentport.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.Agent;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.ContractCases;
import dev.agentport.contract.DaedalusSchemas;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.contract.SseEvent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Daedalus rules that need their own agent or settings: health in Daedalus form, failures, metadata, shutdown. */
class DaedalusRulesTest {

    private static final Map<String, String> DAEDALUS_HEALTH = Map.of("AGENT_HEALTH_FORMAT", "daedalus");
    private static final String TASK = "{\"message\":{\"messageId\":\"m1\",\"taskId\":\"t1\",\"contextId\":\"c1\","
            + "\"role\":\"user\",\"parts\":[{\"text\":\"hi\"}]}}";

    @Test
    void health_is_ok_when_the_agent_is_ready() throws Exception {
        Exchange health = new InProcessTarget(new DefaultAgent(), DAEDALUS_HEALTH).send(get("/health"));
        assertEquals(200, health.status());
        assertEquals("application/json", health.header("Content-Type"));
        assertEquals("{\"status\":\"ok\"}", health.text());
    }

    @Test
    void health_is_503_loading_and_tasks_are_503_with_retry_after_while_the_agent_loads() throws Exception {
        CountDownLatch loaded = new CountDownLatch(1);
        InProcessTarget target = new InProcessTarget(TestAgents.slowToLoad(loaded), DAEDALUS_HEALTH, false);
        try {
            assertNotReady(target, "loading");
        } finally {
            loaded.countDown();
        }
    }

    @Test
    void health_is_503_failed_and_tasks_are_503_when_loading_failed() throws Exception {
        assertNotReady(new InProcessTarget(TestAgents.failingToLoad(), DAEDALUS_HEALTH), "failed");
    }

    @Test
    void health_is_503_draining_and_tasks_are_503_once_shutdown_began() throws Exception {
        InProcessTarget target = new InProcessTarget(new DefaultAgent(), DAEDALUS_HEALTH);
        target.core().lifecycle().beginDraining();
        assertNotReady(target, "draining");
    }

    @Test
    void agent_exception_message_is_the_failed_task_status_message() throws Exception {
        JsonNode task = task(TestAgents.failingWithAgentException("the quota is used up"), post(TASK));
        assertEquals("failed", task.at("/status/state").asText());
        assertEquals("the quota is used up", task.at("/status/message/parts/0/text").asText());
    }

    @Test
    void unexpected_failure_is_a_failed_task_that_hides_the_message() throws Exception {
        JsonNode task = task(TestAgents.failingWithSecret("hunter2"), post(TASK));
        assertEquals("failed", task.at("/status/state").asText());
        assertFalse(task.toString().contains("hunter2"), task.toString());
        assertTrue(task.at("/status/message/parts/0/text").asText().contains("trace_id"));
    }

    @Test
    void context_usage_reaches_the_task_metadata() throws Exception {
        JsonNode task = task(TestAgents.reportingContextUsage(), post(TASK));
        assertEquals(1200, task.at("/metadata/contextUsage/currentTokens").asInt());
        assertEquals(1, task.at("/metadata/contextUsage/turnCount").asInt());
        assertEquals(12.5, task.at("/metadata/contextUsage/usagePercent").asDouble());
    }

    @Test
    void result_artifacts_follow_the_reply_artifact() throws Exception {
        JsonNode task = task(TestAgents.reportingContextUsage(), post(TASK));
        assertEquals("done", task.at("/artifacts/0/parts/0/text").asText());
        assertEquals("report", task.at("/artifacts/1/artifactId").asText());
        assertEquals("the report", task.at("/artifacts/1/parts/0/text").asText());
    }

    @Test
    void streamed_artifacts_are_sent_once_and_context_usage_rides_the_final_update() throws Exception {
        List<JsonNode> events = events(new InProcessTarget(TestAgents.reportingContextUsage(), Map.of())
                .send(stream(TASK)));
        long reports = events.stream().filter(e -> e.at("/artifact/artifactId").asText().equals("report")).count();
        assertEquals(1, reports);
        JsonNode last = events.get(events.size() - 1);
        assertEquals("completed", last.at("/status/state").asText());
        assertEquals(1200, last.at("/metadata/contextUsage/currentTokens").asInt());
    }

    @Test
    void streamed_agent_failure_ends_with_a_final_failed_status_update() throws Exception {
        List<JsonNode> events = events(new InProcessTarget(TestAgents.failingWithAgentException("no luck"), Map.of())
                .send(stream(TASK)));
        JsonNode last = events.get(events.size() - 1);
        assertEquals("failed", last.at("/status/state").asText());
        assertTrue(last.get("final").asBoolean());
        assertEquals("no luck", last.at("/status/message/parts/0/text").asText());
    }

    @Test
    void stream_cancelled_when_the_shutdown_grace_ends_ends_with_a_final_failed_status_update() throws Exception {
        TestAgents.Endless agent = new TestAgents.Endless();
        InProcessTarget target = new InProcessTarget(agent, Map.of());
        CompletableFuture<Exchange> answer = CompletableFuture.supplyAsync(() -> {
            try {
                return target.send(stream(TASK));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        while (target.core().runs().running() == 0) {
            Thread.sleep(10);
        }
        assertFalse(target.core().drain(Duration.ofMillis(200)));
        List<JsonNode> events = events(answer.get(10, TimeUnit.SECONDS));
        JsonNode last = events.get(events.size() - 1);
        assertEquals("failed", last.at("/status/state").asText());
        assertTrue(last.at("/status/message/parts/0/text").asText().contains("shutting down"), last.toString());
        assertTrue(agent.stopped.await(5, TimeUnit.SECONDS));
    }

    @Test
    void status_timestamps_are_utc_with_milliseconds() throws Exception {
        JsonNode task = task(new DefaultAgent(), post(TASK));
        assertTrue(task.at("/status/timestamp").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"),
                task.toString());
    }

    @Test
    void card_url_is_the_configured_public_url() throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("AGENT_PUBLIC_URL", "https://agents.example.com/daedalus");
        JsonNode card = new InProcessTarget(new DefaultAgent(), env).send(get("/.well-known/agent-card.json")).json();
        assertEquals("https://agents.example.com/daedalus/", card.get("url").asText());
        assertEquals("https://agents.example.com/daedalus/a2a", card.at("/supportedInterfaces/0/url").asText());
    }

    @Test
    void card_is_served_without_the_agentbreeder_face() throws Exception {
        Map<String, String> env = Map.of("AGENT_FACES", "daedalus", "AGENT_HEALTH_FORMAT", "daedalus");
        InProcessTarget target = new InProcessTarget(new DefaultAgent(), env);
        DaedalusSchemas.assertValid(DaedalusSchemas.AGENT_CARD, target.send(get("/.well-known/agent-card.json"))
                .json());
        Exchange unknown = target.send(get("/invoke"));
        assertEquals(404, unknown.status());
        DaedalusSchemas.assertValid(DaedalusSchemas.ERROR, unknown.json());
    }

    private static void assertNotReady(InProcessTarget target, String status) throws Exception {
        Exchange health = target.send(get("/health"));
        assertEquals(503, health.status());
        assertEquals("{\"status\":\"" + status + "\"}", health.text());
        Exchange task = target.send(post(TASK));
        assertEquals(503, task.status());
        assertEquals("5", task.header("Retry-After"));
        DaedalusSchemas.assertValid(DaedalusSchemas.ERROR, task.json());
    }

    private static JsonNode task(Agent agent, CaseRequest request) throws Exception {
        Exchange answer = new InProcessTarget(agent, Map.of()).send(request);
        assertEquals(200, answer.status(), answer.toString());
        ContractCases.assertCommonRules(answer);
        DaedalusSchemas.assertValid(DaedalusSchemas.TASK, answer.json());
        return answer.json();
    }

    private static List<JsonNode> events(Exchange answer) throws Exception {
        assertEquals(200, answer.status(), answer.toString());
        ContractCases.assertCommonRules(answer);
        List<JsonNode> events = new java.util.ArrayList<>();
        for (SseEvent event : answer.events()) {
            JsonNode json = Json.MAPPER.readTree(event.data());
            DaedalusSchemas.assertValid(DaedalusSchemas.STREAM_EVENT, json);
            events.add(json);
        }
        return events;
    }

    private static CaseRequest get(String path) {
        return CaseRequest.get(path).build();
    }

    private static CaseRequest post(String json) {
        return CaseRequest.post("/").body("application/json", json.getBytes(StandardCharsets.UTF_8)).build();
    }

    private static CaseRequest stream(String json) {
        return CaseRequest.post("/").header("Accept", "text/event-stream")
                .body("application/json", json.getBytes(StandardCharsets.UTF_8)).build();
    }
}
