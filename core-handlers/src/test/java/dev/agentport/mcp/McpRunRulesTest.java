package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.AgentPort;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Only a {@code tools/call} is a run of the engine: a request that runs no agent ({@code tools/list}, an extension's
 * method) is no run in progress, so the drain does not wait for it.
 */
class McpRunRulesTest {

    /** Holds every request it gets (the agent's run, or the extension's method) until the test lets it go. */
    private static final class Gate {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch open = new CountDownLatch(1);

        void pass() throws InterruptedException {
            entered.countDown();
            assertTrue(open.await(10, TimeUnit.SECONDS), "the test did not open the gate");
        }
    }

    private final Gate agentGate = new Gate();
    private final Gate methodGate = new Gate();

    private final InProcessTarget target = new InProcessTarget(AgentPort.builder()
            .agent(new TestAgents.TestAgent() {
                @Override
                public RunResult invoke(RunInput input, RunContext context) throws InterruptedException {
                    agentGate.pass();
                    return RunResult.of("done");
                }
            })
            .config(RuntimeConfig.fromEnvironment(Map.of()))
            .face(new McpFace(McpSettings.fromEnvironment(Map.of()), null, null, List.of(new McpExtension() {
                @Override
                public Optional<JsonNode> handle(String method, ObjectNode params, McpCall call) throws Exception {
                    if (!method.equals("test/wait")) {
                        return Optional.empty();
                    }
                    methodGate.pass();
                    return Optional.of(Json.object());
                }
            }))).build());

    private CompletableFuture<Exchange> inBackground(String method, String params) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return target.send(McpTesting.post("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"" + method
                        + "\",\"params\":" + params + "}").build());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void a_request_that_runs_no_agent_is_no_run_in_progress() throws Exception {
        CompletableFuture<Exchange> waiting = inBackground("test/wait", "{}");
        assertTrue(methodGate.entered.await(5, TimeUnit.SECONDS), "the extension's method did not start");
        assertEquals(0, target.core().runs().running());
        Exchange listed = target.send(McpTesting.post("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/list\","
                + "\"params\":{}}").build());
        assertEquals("send_message", listed.json().at("/result/tools/0/name").asText(), listed.toString());
        assertEquals(0, target.core().runs().running());
        methodGate.open.countDown();
        assertEquals(200, waiting.get(5, TimeUnit.SECONDS).status());
    }

    @Test
    void a_tools_call_is_a_run_in_progress_until_it_ends() throws Exception {
        CompletableFuture<Exchange> call = inBackground("tools/call",
                "{\"name\":\"send_message\",\"arguments\":{\"message\":\"hello\"}}");
        assertTrue(agentGate.entered.await(5, TimeUnit.SECONDS), "the agent's run did not start");
        assertEquals(1, target.core().runs().running());
        agentGate.open.countDown();
        Exchange answer = call.get(5, TimeUnit.SECONDS);
        assertEquals("done", answer.json().at("/result/content/0/text").asText(), answer.toString());
        assertTrue(target.core().runs().awaitIdle(Duration.ofSeconds(5)), "the run is still registered");
    }
}
