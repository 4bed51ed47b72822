package dev.agentport.lambda.streaming;

import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.runtime.Settings;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.lambda.FakeRuntimeApi;
import dev.agentport.lambda.SampleEvents;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** StreamingBootstrap against a fake Runtime API on loopback, over real HTTP. */
class StreamingBootstrapTest {

    private static AgentPort core(Agent agent) {
        return AgentPort.builder().agent(agent).config(RuntimeConfig.defaults()).build().startAndAwait();
    }

    @Test
    void functionUrlStreamSendsThePreludeThenEachFrameAsItIsEmittedThenDone() throws Exception {
        CountDownLatch firstDeltaArrived = new CountDownLatch(1);
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        try (FakeRuntimeApi api = new FakeRuntimeApi(Duration.ofSeconds(30))) {
            api.onBodyBytes(piece -> {
                synchronized (received) {
                    received.writeBytes(piece);
                    if (received.toString(StandardCharsets.UTF_8).contains("{\"delta\":\"first\"}")) {
                        firstDeltaArrived.countDown();
                    }
                }
            });
            String id = api.enqueue(SampleEvents.text("function-url-stream.json"));

            new StreamingBootstrap(new RuntimeApi(api.address()), core(new GatedAgent(firstDeltaArrived))).run();

            FakeRuntimeApi.Posted posted = api.await(id, "response");
            assertEquals("streaming", posted.header("Lambda-Runtime-Function-Response-Mode"));
            assertEquals("application/vnd.awslambda.http-integration-response", posted.header("Content-Type"));
            assertEquals("chunked", posted.header("Transfer-Encoding"));

            byte[] body = posted.body();
            int nuls = indexOf(body, new byte[8]);
            assertTrue(nuls > 0, "eight NUL bytes after the prelude");
            var prelude = Json.parse(Arrays.copyOfRange(body, 0, nuls));
            assertEquals(200, prelude.path("statusCode").asInt());
            assertEquals("text/event-stream", prelude.path("headers").path("Content-Type").asText());
            assertEquals("1", prelude.path("headers").path("X-Runtime-Contract-Version").asText());

            String sse = new String(body, nuls + 8, body.length - nuls - 8, StandardCharsets.UTF_8);
            assertTrue(sse.contains("data: {\"delta\":\"first\"}\n\n"), sse);
            assertTrue(sse.contains("data: {\"delta\":\" second\"}\n\n"),
                    "the first delta reached the Runtime API while the run was still going: " + sse);
            assertTrue(sse.endsWith("data: [DONE]\n\n"), sse);
        }
    }

    @Test
    void eventFromAnotherSourceIsReportedOnTheInvocationErrorEndpoint() throws Exception {
        try (FakeRuntimeApi api = new FakeRuntimeApi(Duration.ofSeconds(30))) {
            String id = api.enqueue(SampleEvents.text("s3-put.json"));
            new StreamingBootstrap(new RuntimeApi(api.address()), core(new DefaultAgent(Duration.ZERO))).run();
            FakeRuntimeApi.Posted error = api.await(id, "error");
            assertNotNull(error);
            assertEquals("Runtime.UnsupportedEvent", error.header("Lambda-Runtime-Function-Error-Type"));
            assertTrue(error.text().contains("only serves HTTP"), error.text());
            assertNull(api.posted(id + "/response"));
        }
    }

    @Test
    void malformedHttpEventIsStreamedAsA400Envelope() throws Exception {
        try (FakeRuntimeApi api = new FakeRuntimeApi(Duration.ofSeconds(30))) {
            String id = api.enqueue(SampleEvents.text("broken-http-event.json"));
            new StreamingBootstrap(new RuntimeApi(api.address()), core(new DefaultAgent(Duration.ZERO))).run();
            String body = api.await(id, "response").text();
            assertTrue(body.startsWith("{\"statusCode\":400"), body);
            assertTrue(body.contains("\"code\":\"MALFORMED_REQUEST\""), body);
        }
    }

    @Test
    void invokeResponseIsStreamedWithThePreludeToo() throws Exception {
        try (FakeRuntimeApi api = new FakeRuntimeApi(Duration.ofSeconds(30))) {
            String id = api.enqueue(SampleEvents.text("http-api-v2-invoke.json"));
            new StreamingBootstrap(new RuntimeApi(api.address()), core(new DefaultAgent(Duration.ZERO))).run();
            String body = api.await(id, "response").text();
            assertTrue(body.startsWith("{\"statusCode\":200"), body);
            assertTrue(body.contains("\u0000".repeat(8) + "{\"output\":"), body);
        }
    }

    @Test
    void failedInvocationIsReportedAsItsErrorAndTheLoopGoesOnToTheNext() throws Exception {
        try (FakeRuntimeApi api = new FakeRuntimeApi(Duration.ofSeconds(30))) {
            String failing = api.enqueue(SampleEvents.text("http-api-v2-invoke.json"));
            String next = api.enqueue(SampleEvents.text("http-api-v2-invoke.json"));
            AgentPort core = core(new DefaultAgent(Duration.ZERO));
            AtomicInteger calls = new AtomicInteger();

            new StreamingBootstrap(new RuntimeApi(api.address()), core, request -> {
                if (calls.incrementAndGet() == 1) {
                    throw new IllegalStateException("a failure outside the core's guard");
                }
                return core.handle(request);
            }).run();

            FakeRuntimeApi.Posted error = api.await(failing, "error");
            assertNotNull(error, "the failed invocation is reported on its error endpoint");
            assertEquals("Runtime.HandlerError", error.header("Lambda-Runtime-Function-Error-Type"));
            assertNull(api.posted(failing + "/response"));
            String body = api.await(next, "response").text();
            assertTrue(body.startsWith("{\"statusCode\":200"), "the next invocation is served: " + body);
        }
    }

    @Test
    void failedStartUpIsReportedOnTheInitErrorEndpoint() throws Exception {
        try (FakeRuntimeApi api = new FakeRuntimeApi(Duration.ofSeconds(30))) {
            int exit = StreamingBootstrap.start(new RuntimeApi(api.address()), Settings.empty(), () -> {
                throw new IllegalArgumentException("AGENT_MAX_BODY_BYTES must be a whole number, got 'lots'");
            });
            assertEquals(1, exit);
            FakeRuntimeApi.Posted init = api.posted("init");
            assertNotNull(init);
            assertEquals("Runtime.InitError", init.header("Lambda-Runtime-Function-Error-Type"));
            assertTrue(init.text().contains("AGENT_MAX_BODY_BYTES"), init.text());
        }
    }

    @Test
    void localAdapterSettingIsAnInitErrorNamingIt() throws Exception {
        try (FakeRuntimeApi api = new FakeRuntimeApi(Duration.ofSeconds(30))) {
            int exit = StreamingBootstrap.start(new RuntimeApi(api.address()), Settings.empty(),
                    () -> StreamingBootstrap.core(Settings.of(java.util.Map.of("AGENT_LOCAL_ADAPTER", "true"))));
            assertEquals(1, exit);
            FakeRuntimeApi.Posted init = api.posted("init");
            assertNotNull(init);
            assertTrue(init.text().contains("AGENT_LOCAL_ADAPTER=true is not served on AWS Lambda"), init.text());
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** Emits a first delta, then waits until the Runtime API has received it before emitting the second. */
    private record GatedAgent(CountDownLatch firstDeltaArrived) implements Agent {
        @Override
        public AgentDescriptor descriptor() {
            return new AgentDescriptor("gated", "1", "waits for its first delta to arrive", "test", List.of());
        }

        @Override
        public RunResult invoke(RunInput input, RunContext context) {
            return RunResult.of("first second");
        }

        @Override
        public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws Exception {
            emitter.delta("first");
            emitter.delta(firstDeltaArrived.await(10, TimeUnit.SECONDS) ? " second" : " (first never arrived)");
            return RunResult.of("first second");
        }
    }
}
