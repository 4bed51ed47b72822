package dev.agentport.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.lambda.events.NotAnHttpEventException;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The handler end to end: event bytes through handleRequest, as the managed runtime calls it. */
class LambdaHandlerTest {

    private static final RuntimeConfig CONFIG = RuntimeConfig.defaults();

    private static AgentPort core(Agent agent, RuntimeConfig config) {
        return AgentPort.builder().agent(agent).config(config).build().startAndAwait();
    }

    private static final LambdaHandler HANDLER = new LambdaHandler(core(new DefaultAgent(Duration.ZERO), CONFIG));

    static JsonNode call(LambdaHandler handler, byte[] event, Duration budget) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.handleRequest(new ByteArrayInputStream(event), out, new FakeContext(budget));
        return Json.parse(out.toByteArray());
    }

    @Test
    void invokeEventGetsTheAgentsAnswerAsAPayload20Response() throws Exception {
        JsonNode response = call(HANDLER, SampleEvents.bytes("http-api-v2-invoke.json"), Duration.ofSeconds(30));
        assertEquals(200, response.path("statusCode").asInt());
        assertFalse(response.path("isBase64Encoded").asBoolean());
        assertEquals("1", response.path("headers").path("X-Runtime-Contract-Version").asText());
        assertEquals("req-from-client-1", response.path("headers").path("X-Request-Id").asText());
        JsonNode body = Json.parse(response.path("body").asText().getBytes(StandardCharsets.UTF_8));
        assertTrue(body.path("output").asText().contains("You said \"hello\""), body.toString());
    }

    @Test
    void payload10EventGetsAPayload10Response() throws Exception {
        JsonNode response = call(HANDLER, SampleEvents.bytes("rest-api-v1-invoke.json"), Duration.ofSeconds(30));
        assertEquals(200, response.path("statusCode").asInt());
        assertTrue(response.has("multiValueHeaders"));
        assertTrue(response.path("body").asText().contains("hello from REST"));
    }

    @Test
    void namedStageHealthIsServed() throws Exception {
        JsonNode response = call(HANDLER, SampleEvents.bytes("http-api-v2-named-stage.json"), Duration.ofSeconds(30));
        assertEquals(200, response.path("statusCode").asInt());
    }

    @Test
    void streamIsReturnedWholeAsTheSameSseBytes() throws Exception {
        JsonNode response = call(HANDLER, SampleEvents.bytes("function-url-stream.json"), Duration.ofSeconds(30));
        assertEquals(200, response.path("statusCode").asInt());
        assertEquals("text/event-stream", response.path("headers").path("Content-Type").asText());
        assertFalse(response.path("isBase64Encoded").asBoolean());
        String sse = response.path("body").asText();
        assertTrue(sse.startsWith("event: step\n") || sse.startsWith("data: "), sse);
        assertTrue(sse.contains("data: {\"delta\":\"You\"}\n\n"), sse);
        assertTrue(sse.contains("event: result\n"), sse);
        assertTrue(sse.endsWith("data: [DONE]\n\n"), sse);
    }

    @Test
    void malformedHttpEventGets400InTheErrorEnvelope() throws Exception {
        JsonNode response = call(HANDLER, SampleEvents.bytes("broken-http-event.json"), Duration.ofSeconds(30));
        assertEquals(400, response.path("statusCode").asInt());
        JsonNode body = Json.parse(response.path("body").asText().getBytes(StandardCharsets.UTF_8));
        assertEquals("MALFORMED_REQUEST", body.path("error").path("code").asText());
        assertTrue(body.has("trace_id"));
    }

    @Test
    void bodyOverTheLimitGets413FromTheCore() throws Exception {
        LambdaHandler small = new LambdaHandler(core(new DefaultAgent(Duration.ZERO), CONFIG.withMaxBodyBytes(64)));
        ObjectNode event = (ObjectNode) Json.parse(SampleEvents.bytes("http-api-v2-invoke.json"));
        event.put("body", "{\"input\":\"" + "x".repeat(200) + "\"}");
        JsonNode response = call(small, Json.bytes(event), Duration.ofSeconds(30));
        assertEquals(413, response.path("statusCode").asInt());
        assertTrue(response.path("body").asText().contains("PAYLOAD_TOO_LARGE"));
    }

    @Test
    void eventFromAnotherSourceFailsTheInvocationWithAClearMessage() {
        NotAnHttpEventException error = assertThrows(NotAnHttpEventException.class,
                () -> call(HANDLER, SampleEvents.bytes("s3-put.json"), Duration.ofSeconds(30)));
        assertTrue(error.getMessage().contains("only serves HTTP"));
    }

    @Test
    void deadlineFromTheContextEndsASlowRunWithDeadlineExceeded() throws Exception {
        LambdaHandler slow = new LambdaHandler(core(new SlowAgent(Duration.ofSeconds(20)), CONFIG));
        long started = System.nanoTime();
        JsonNode response = call(slow, SampleEvents.bytes("http-api-v2-invoke.json"), Duration.ofMillis(1500));
        long tookMillis = (System.nanoTime() - started) / 1_000_000;
        assertEquals(504, response.path("statusCode").asInt());
        JsonNode body = Json.parse(response.path("body").asText().getBytes(StandardCharsets.UTF_8));
        assertEquals("DEADLINE_EXCEEDED", body.path("error").path("code").asText());
        assertTrue(tookMillis < 1500, "answered before Lambda's own deadline, took " + tookMillis + " ms");
    }

    /** An agent slower than any test's deadline. */
    static final class SlowAgent implements Agent {
        private final Duration delay;

        SlowAgent(Duration delay) {
            this.delay = delay;
        }

        @Override
        public AgentDescriptor descriptor() {
            return new AgentDescriptor("slow", "1", "sleeps", "test", List.of());
        }

        @Override
        public RunResult invoke(RunInput input, RunContext context) throws InterruptedException {
            Thread.sleep(delay);
            return RunResult.of("too late");
        }
    }
}
