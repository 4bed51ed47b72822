package dev.agentport.mcp;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.agentport.AgentPort;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code notifications/cancelled} naming a request in progress cancels its run (the agent sees it cancelled), and the
 * request gets no response.
 */
class McpCancellationRulesTest {

    private static final String CANCEL = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
            + "\"params\":{\"requestId\":7,\"reason\":\"the user changed their mind\"}}";

    /** {@link TestAgents.Endless}, telling when a run has begun, so a cancellation is known to reach a running agent. */
    private static final class Started extends TestAgents.TestAgent {
        final TestAgents.Endless endless = new TestAgents.Endless();
        final CountDownLatch began = new CountDownLatch(1);

        @Override
        public RunResult invoke(RunInput input, RunContext context) throws InterruptedException {
            began.countDown();
            return endless.invoke(input, context);
        }

        @Override
        public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws Exception {
            began.countDown();
            return endless.stream(input, context, emitter);
        }
    }

    private final Started agent = new Started();
    private final InProcessTarget target = new InProcessTarget(AgentPort.builder().agent(agent)
            .config(RuntimeConfig.fromEnvironment(Map.of()))
            .face(new McpFace(McpSettings.fromEnvironment(Map.of()), null, null, List.of())).build());

    private static String send(String meta) {
        return "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\","
                + "\"arguments\":{\"message\":\"go on forever\"}" + meta + "}}";
    }

    /** A call answered in JSON, sent on another thread so that the test can cancel it meanwhile. */
    private CompletableFuture<Exchange> jsonCallInBackground() {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return target.send(McpTesting.post(send("")).build());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private void awaitRunning() throws InterruptedException {
        assertTrue(agent.began.await(5, TimeUnit.SECONDS), "the run did not start");
    }

    @Test
    void a_cancelled_call_answered_in_json_ends_its_run_and_gets_no_response() throws Exception {
        CompletableFuture<Exchange> call = jsonCallInBackground();
        awaitRunning();
        assertEquals(202, target.send(McpTesting.post(CANCEL).build()).status());
        assertTrue(agent.endless.stopped.await(5, TimeUnit.SECONDS), "the run went on");
        assertEquals("cancelled", agent.endless.stopReason.get());
        Exchange answer = call.get(5, TimeUnit.SECONDS);
        assertEquals(200, answer.status());
        assertTrue(answer.isEventStream(), answer.toString());
        assertEquals(0, answer.body().length, answer.toString());
    }

    @Test
    void a_cancelled_streaming_call_ends_its_run_and_its_stream_without_a_result() throws Exception {
        OpenCall call = OpenCall.post(target.core(), send(",\"_meta\":{\"progressToken\":\"p\"}"), Map.of());
        awaitRunning();
        assertEquals(202, target.send(McpTesting.post(CANCEL).build()).status());
        assertTrue(agent.endless.stopped.await(5, TimeUnit.SECONDS), "the run went on");
        assertEquals("cancelled", agent.endless.stopReason.get());
        assertTrue(call.endsWithin(Duration.ofSeconds(5)), "the stream went on, or sent a result");
    }

    @Test
    void a_cancel_whose_reason_speaks_of_a_deadline_is_the_clients_cancel_not_a_timeout() throws Exception {
        Logger failures = (Logger) LoggerFactory.getLogger(AgentFailures.class);
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        failures.addAppender(log);
        try {
            CompletableFuture<Exchange> call = jsonCallInBackground();
            awaitRunning();
            target.send(McpTesting.post(CANCEL.replace("the user changed their mind",
                    "the deadline in the user's calendar passed")).build());
            Exchange answer = call.get(5, TimeUnit.SECONDS);
            assertEquals(0, answer.body().length, "a cancelled request gets no response: " + answer);
            List<String> lines = log.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
            assertTrue(lines.stream().anyMatch(line -> line.contains("the client cancelled the run")), lines.toString());
            assertTrue(lines.stream().noneMatch(line -> line.contains("passed its deadline")), lines.toString());
        } finally {
            failures.detachAppender(log);
        }
    }

    @Test
    void a_cancellation_of_a_request_not_in_progress_is_accepted_and_cancels_nothing() throws Exception {
        OpenCall call = OpenCall.post(target.core(), send(",\"_meta\":{\"progressToken\":\"p\"}"), Map.of());
        awaitRunning();
        assertEquals(202, target.send(McpTesting.post(CANCEL.replace("\"requestId\":7", "\"requestId\":8"))
                .build()).status());
        assertEquals(202, target.send(McpTesting.post(CANCEL.replace("\"requestId\":7", "\"requestId\":\"7\""))
                .build()).status());
        assertFalse(agent.endless.stopped.await(300, TimeUnit.MILLISECONDS), "another request's run was cancelled");
        target.send(McpTesting.post(CANCEL).build());
        assertTrue(call.endsWithin(Duration.ofSeconds(5)));
    }
}
