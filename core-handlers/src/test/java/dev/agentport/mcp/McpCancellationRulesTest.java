package dev.agentport.mcp;

import dev.agentport.AgentPort;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
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

    private final TestAgents.Endless agent = new TestAgents.Endless();
    private final InProcessTarget target = new InProcessTarget(AgentPort.builder().agent(agent)
            .config(RuntimeConfig.fromEnvironment(Map.of()))
            .face(new McpFace(McpSettings.fromEnvironment(Map.of()), null, null, List.of())).build());

    private static String send(String meta) {
        return "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\","
                + "\"arguments\":{\"message\":\"go on forever\"}" + meta + "}}";
    }

    private void awaitRunning() throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (target.core().runs().registry().size() == 0 && System.nanoTime() < end) {
            Thread.sleep(10);
        }
        assertEquals(1, target.core().runs().registry().size(), "the run did not start");
    }

    @Test
    void a_cancelled_call_answered_in_json_ends_its_run_and_gets_no_response() throws Exception {
        CompletableFuture<Exchange> call = CompletableFuture.supplyAsync(() -> {
            try {
                return target.send(McpTesting.post(send("")).build());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        awaitRunning();
        assertEquals(202, target.send(McpTesting.post(CANCEL).build()).status());
        assertTrue(agent.stopped.await(5, TimeUnit.SECONDS), "the run went on");
        assertEquals("cancelled", agent.stopReason.get());
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
        assertTrue(agent.stopped.await(5, TimeUnit.SECONDS), "the run went on");
        assertEquals("cancelled", agent.stopReason.get());
        assertTrue(call.endsWithin(Duration.ofSeconds(5)), "the stream went on, or sent a result");
    }

    @Test
    void a_cancellation_of_a_request_not_in_progress_is_accepted_and_cancels_nothing() throws Exception {
        OpenCall call = OpenCall.post(target.core(), send(",\"_meta\":{\"progressToken\":\"p\"}"), Map.of());
        awaitRunning();
        assertEquals(202, target.send(McpTesting.post(CANCEL.replace("\"requestId\":7", "\"requestId\":8"))
                .build()).status());
        assertEquals(202, target.send(McpTesting.post(CANCEL.replace("\"requestId\":7", "\"requestId\":\"7\""))
                .build()).status());
        assertFalse(agent.stopped.await(300, TimeUnit.MILLISECONDS), "another request's run was cancelled");
        target.send(McpTesting.post(CANCEL).build());
        assertTrue(call.endsWithin(Duration.ofSeconds(5)));
    }
}
