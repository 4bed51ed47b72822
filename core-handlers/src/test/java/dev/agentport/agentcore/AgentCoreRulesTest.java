package dev.agentport.agentcore;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.contract.ContractCases;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.session.SessionStore;
import dev.agentport.testing.MovableClock;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The AgentCore Runtime face's rules that the contract cases cannot show: what the agent receives, /ping's states. */
class AgentCoreRulesTest {

    private static final String TOKEN = "Bearer " + ContractCases.TOKEN;

    private final AgentPort echo = new InProcessTarget(TestAgents.echoContext(), ContractCases.ENV).core();

    private static HttpRequest.Builder invocation(String body) {
        return HttpRequest.builder("POST", "/invocations").header("Authorization", TOKEN)
                .header("Content-Type", "application/json").body(body);
    }

    private static JsonNode json(HttpResponse answer) throws Exception {
        return Json.parse(answer.bodyBytes());
    }

    /** What the echoing agent received: {@code input}, {@code metadata}, {@code request_id}. */
    private JsonNode received(HttpRequest request) throws Exception {
        HttpResponse answer = echo.handle(request);
        assertEquals(200, answer.status(), new String(answer.bodyBytes(), StandardCharsets.UTF_8));
        return json(answer).get("output");
    }

    @Test
    void prompt_input_and_message_are_read_as_text_in_that_order() throws Exception {
        assertEquals("p", received(invocation("{\"message\":\"m\",\"input\":\"i\",\"prompt\":\"p\"}").build())
                .get("input").asText());
        assertEquals("i", received(invocation("{\"message\":\"m\",\"input\":\"i\"}").build()).get("input").asText());
        assertEquals("m", received(invocation("{\"message\":\"m\"}").build()).get("input").asText());
    }

    @Test
    void a_prompt_that_is_not_a_string_leaves_the_payload_unchanged() throws Exception {
        assertEquals(Json.parse("{\"prompt\":{\"text\":\"hi\"}}".getBytes(StandardCharsets.UTF_8)),
                received(invocation("{\"prompt\":{\"text\":\"hi\"}}").build()).get("input"));
    }

    @Test
    void any_other_json_reaches_the_agent_unchanged() throws Exception {
        for (String payload : new String[] {"{\"task\":\"sum\",\"values\":[1,2]}", "[1,2,3]", "\"just text\"", "42"}) {
            assertEquals(Json.parse(payload.getBytes(StandardCharsets.UTF_8)),
                    received(invocation(payload).build()).get("input"), payload);
        }
    }

    @Test
    void the_payloads_other_members_beside_the_text_reach_the_agent_as_payload_metadata() throws Exception {
        JsonNode seen = received(invocation("{\"prompt\":\"hi\",\"temperature\":0.2,\"tags\":[\"a\"]}").build());
        assertEquals("hi", seen.get("input").asText());
        assertEquals(Json.parse("{\"temperature\":0.2,\"tags\":[\"a\"]}".getBytes(StandardCharsets.UTF_8)),
                seen.at("/metadata/payload"));
        assertNull(received(invocation("{\"prompt\":\"hi\"}").build()).get("metadata").get("payload"));
    }

    @Test
    void the_user_id_and_custom_headers_reach_the_agent_as_metadata() throws Exception {
        JsonNode metadata = received(invocation("{\"prompt\":\"hi\"}")
                .header("X-Amzn-Bedrock-AgentCore-Runtime-User-Id", "user-7")
                .header("X-Amzn-Bedrock-AgentCore-Runtime-Custom-Tenant", "acme")
                .header("x-amzn-bedrock-agentcore-runtime-custom-plan", "gold")
                .header("X-Other", "not passed").build()).get("metadata");
        assertEquals("user-7", metadata.get("user_id").asText());
        assertEquals(Json.parse(("{\"x-amzn-bedrock-agentcore-runtime-custom-tenant\":\"acme\","
                + "\"x-amzn-bedrock-agentcore-runtime-custom-plan\":\"gold\"}").getBytes(StandardCharsets.UTF_8)),
                metadata.get("custom_headers"));
    }

    @Test
    void the_platforms_request_id_header_becomes_the_request_id() throws Exception {
        assertEquals("agentcore-req-1", received(invocation("{\"prompt\":\"hi\"}")
                .header("X-Amzn-Bedrock-AgentCore-Runtime-Request-Id", "agentcore-req-1").build())
                .get("request_id").asText());
    }

    @Test
    void x_request_id_wins_over_the_platforms_request_id() throws Exception {
        assertEquals("caller-1", received(invocation("{\"prompt\":\"hi\"}").header("X-Request-Id", "caller-1")
                .header("X-Amzn-Bedrock-AgentCore-Runtime-Request-Id", "agentcore-req-1").build())
                .get("request_id").asText());
    }

    @Test
    void a_session_id_that_is_not_visible_ascii_is_400() throws Exception {
        HttpResponse answer = echo.handle(invocation("{\"prompt\":\"hi\"}")
                .header("X-Amzn-Bedrock-AgentCore-Runtime-Session-Id", "two words").build());
        assertEquals(400, answer.status());
        assertTrue(json(answer).get("error").asText().contains("Session-Id"), json(answer).toString());
    }

    @Test
    void the_conversation_lives_in_the_state_store_so_another_instance_continues_it() throws Exception {
        SessionStore shared = new InMemorySessionStore();
        String session = "agentcore-session-shared-0123456789abcdef";
        HttpRequest first = invocation("{\"prompt\":\"my name is Ada\"}")
                .header("X-Amzn-Bedrock-AgentCore-Runtime-Session-Id", session).build();
        HttpRequest second = invocation("{\"prompt\":\"who am I?\"}")
                .header("X-Amzn-Bedrock-AgentCore-Runtime-Session-Id", session).build();
        assertEquals(200, instance(shared).handle(first).status());
        String output = json(instance(shared).handle(second)).get("output").asText();
        assertTrue(output.contains("my name is Ada") && output.contains("turn 2"), output);
    }

    private static AgentPort instance(SessionStore sessions) {
        return AgentPort.builder().agent(new DefaultAgent(Duration.ZERO))
                .config(RuntimeConfig.fromEnvironment(ContractCases.ENV)).sessionStore(sessions).build()
                .startAndAwait();
    }

    @Test
    void a_failed_run_is_500_with_its_message_and_trace_id() throws Exception {
        AgentPort failing = new InProcessTarget(TestAgents.failingWithAgentException("the model is away"),
                ContractCases.ENV).core();
        HttpResponse answer = failing.handle(invocation("{\"prompt\":\"hi\"}").build());
        assertEquals(500, answer.status());
        assertEquals("the model is away", json(answer).get("error").asText());
        assertFalse(json(answer).get("trace_id").asText().isBlank());
    }

    @Test
    void a_stream_that_fails_once_open_ends_with_an_error_event() throws Exception {
        AgentPort failing = new InProcessTarget(TestAgents.failingWithAgentException("the model is away"),
                ContractCases.ENV).core();
        HttpResponse answer = failing.handle(invocation("{\"prompt\":\"hi\"}")
                .header("Accept", "text/event-stream").build());
        String events = written(answer);
        assertTrue(events.startsWith("data: {\"delta\":\"partial \"}\n\n"), events);
        assertTrue(events.contains("data: {\"error\":\"the model is away\",\"trace_id\":\"")
                && events.endsWith("\"}\n\n"), events);
    }

    @Test
    void the_face_is_on_by_default_and_agent_faces_can_leave_it_out() {
        assertTrue(echo.faces().contains(AgentCoreFace.NAME), echo.faces().toString());
        Map<String, String> env = new HashMap<>(ContractCases.ENV);
        env.put("AGENT_FACES", "agentbreeder");
        AgentPort without = new InProcessTarget(TestAgents.echoContext(), env).core();
        assertEquals(404, without.handle(invocation("{\"prompt\":\"hi\"}").build()).status());
        assertEquals(404, without.handle(HttpRequest.builder("GET", "/ping").build()).status());
    }

    // ---- /ping ---------------------------------------------------------------------------------------------------

    private static JsonNode ping(AgentPort core) throws Exception {
        HttpResponse answer = core.handle(HttpRequest.builder("GET", "/ping").build());
        JsonNode body = json(answer);
        assertEquals(body.get("status").asText().equals("Unhealthy") ? 503 : 200, answer.status(), body.toString());
        return body;
    }

    @Test
    void ping_is_healthy_busy_while_a_run_is_in_flight() throws Exception {
        Gate gate = new Gate();
        AgentPort core = new InProcessTarget(gate, ContractCases.ENV).core();
        assertEquals("Healthy", ping(core).get("status").asText());
        CompletableFuture<HttpResponse> running = CompletableFuture.supplyAsync(
                () -> core.handle(invocation("{\"prompt\":\"hi\"}").build()));
        gate.entered.await();
        assertEquals("HealthyBusy", ping(core).get("status").asText());
        gate.release.countDown();
        assertEquals(200, running.get().status());
        assertEquals("Healthy", ping(core).get("status").asText());
    }

    @Test
    void ping_is_healthy_busy_while_a_stream_is_in_flight() throws Exception {
        Gate gate = new Gate();
        AgentPort core = new InProcessTarget(gate, ContractCases.ENV).core();
        HttpResponse answer = core.handle(invocation("{\"prompt\":\"hi\"}").header("Accept", "text/event-stream")
                .build());
        CompletableFuture<String> streaming = CompletableFuture.supplyAsync(() -> written(answer));
        gate.entered.await();
        assertEquals("HealthyBusy", ping(core).get("status").asText());
        gate.release.countDown();
        assertTrue(streaming.get().contains("\"output\":\"done\""), streaming.get());
        assertEquals("Healthy", ping(core).get("status").asText());
    }

    @Test
    void ping_time_of_last_update_changes_when_the_status_does_and_only_then() throws Exception {
        MovableClock clock = new MovableClock(Instant.ofEpochSecond(1_800_000_000L));
        Gate gate = new Gate();
        AgentPort core = AgentPort.builder().agent(gate).config(RuntimeConfig.fromEnvironment(ContractCases.ENV))
                .clock(clock).build().startAndAwait();
        assertEquals(1_800_000_000L, ping(core).get("time_of_last_update").asLong());
        clock.pass(Duration.ofSeconds(10));
        assertEquals(1_800_000_000L, ping(core).get("time_of_last_update").asLong(), "still Healthy");
        CompletableFuture<HttpResponse> running = CompletableFuture.supplyAsync(
                () -> core.handle(invocation("{\"prompt\":\"hi\"}").build()));
        gate.entered.await();
        assertEquals(1_800_000_010L, ping(core).get("time_of_last_update").asLong(), "now HealthyBusy");
        clock.pass(Duration.ofSeconds(5));
        assertEquals(1_800_000_010L, ping(core).get("time_of_last_update").asLong(), "still HealthyBusy");
        gate.release.countDown();
        running.get();
        assertEquals(1_800_000_015L, ping(core).get("time_of_last_update").asLong(), "Healthy again");
    }

    @Test
    void ping_is_503_unhealthy_while_the_agent_is_loading() throws Exception {
        CountDownLatch loaded = new CountDownLatch(1);
        AgentPort core = new InProcessTarget(TestAgents.slowToLoad(loaded), ContractCases.ENV, false).core();
        HttpResponse answer = core.handle(HttpRequest.builder("GET", "/ping").build());
        assertEquals(503, answer.status());
        assertEquals("Unhealthy", json(answer).get("status").asText());
        loaded.countDown();
    }

    /** Holds every run until released, after telling that one has entered. */
    private static final class Gate extends TestAgents.TestAgent {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public RunResult invoke(RunInput input, RunContext context) throws Exception {
            entered.countDown();
            release.await();
            return RunResult.of("done");
        }
    }

    private static String written(HttpResponse answer) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ((Body.EventStream) answer.body()).writer().writeTo(out::write);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
