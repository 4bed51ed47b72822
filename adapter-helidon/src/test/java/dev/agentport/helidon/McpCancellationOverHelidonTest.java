package dev.agentport.helidon;

import dev.agentport.mcp.McpFace;
import dev.agentport.mcp.McpSettings;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On a real Helidon server, {@code notifications/cancelled} for a slow {@code send_message} in progress cancels the
 * agent's run (it sees itself cancelled), and the call's event stream ends without a result.
 */
class McpCancellationOverHelidonTest {

    @Test
    void notifications_cancelled_ends_a_slow_run_and_its_stream_without_a_result() throws Exception {
        TestAgents.Endless agent = new TestAgents.Endless();
        AgentPortServer server = AgentPortServer.builder().agent(agent)
                .config(RuntimeConfig.fromEnvironment(Map.of("PORT", "0")))
                .face(new McpFace(McpSettings.fromEnvironment(Map.of()), null, new HelidonDownstreamProbe(),
                        List.of()))
                .build().start()
                .awaitLoaded(java.time.Duration.ofSeconds(30));
        try (HttpClient client = HttpClient.newHttpClient()) {
            URI mcp = URI.create("http://127.0.0.1:" + server.port() + "/mcp");
            CompletableFuture<HttpResponse<InputStream>> call = client.sendAsync(post(mcp, "{\"jsonrpc\":\"2.0\","
                    + "\"id\":\"slow-1\",\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\",\"arguments\":"
                    + "{\"message\":\"take your time\"},\"_meta\":{\"progressToken\":\"p\"}}}"),
                    HttpResponse.BodyHandlers.ofInputStream());
            // The agent's start, not the run's: the call's cancel handle is registered between the two.
            assertTrue(agent.started.await(10, TimeUnit.SECONDS), "the run did not start");
            assertEquals(1, server.core().runs().running());
            HttpResponse<String> cancelled = client.send(post(mcp, "{\"jsonrpc\":\"2.0\",\"method\":"
                    + "\"notifications/cancelled\",\"params\":{\"requestId\":\"slow-1\",\"reason\":\"enough\"}}"),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(202, cancelled.statusCode());

            assertTrue(agent.stopped.await(10, TimeUnit.SECONDS), "the run went on after the cancellation");
            assertEquals("cancelled", agent.stopReason.get());
            HttpResponse<InputStream> stream = call.get(10, TimeUnit.SECONDS);
            assertEquals("text/event-stream", stream.headers().firstValue("Content-Type").orElse(""));
            String rest = new String(stream.body().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(!rest.contains("\"result\"") && !rest.contains("\"error\""), rest);
        } finally {
            server.stop();
        }
    }

    private static HttpRequest post(URI mcp, String json) {
        return HttpRequest.newBuilder(mcp).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
    }
}
