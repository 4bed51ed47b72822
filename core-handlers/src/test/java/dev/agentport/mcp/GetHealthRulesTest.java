package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code get_health} never runs the agent, probes the configured downstream servers, and answers within a second. */
class GetHealthRulesTest {

    private static McpSettings probing(Downstream... servers) {
        return McpSettings.fromEnvironment(Map.of()).withDownstream(List.of(servers));
    }

    @Test
    void get_health_answers_within_one_second_while_a_downstream_hangs_and_is_degraded_naming_it() throws Exception {
        try (FakeDownstream argos = FakeDownstream.hanging(5_000);
             FakeDownstream neo4j = FakeDownstream.answering()) {
            InProcessTarget target = new InProcessTarget(McpTesting.core(new DefaultAgent(), Map.of(),
                    probing(new Downstream("argos", argos.url()), new Downstream("neo4j", neo4j.url()))));
            long started = System.nanoTime();
            JsonNode health = McpTesting.health(target);
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertTrue(took.compareTo(Duration.ofSeconds(1)) < 0, "took " + took);
            assertEquals("degraded", health.get("status").asText(), health.toString());
            assertTrue(health.get("message").asText().contains("argos"), health.toString());
            assertFalse(health.get("message").asText().contains("neo4j"), health.toString());
        }
    }

    @Test
    void get_health_is_ok_when_every_downstream_answers_and_ends_each_probe_session() throws Exception {
        try (FakeDownstream argos = FakeDownstream.answering()) {
            InProcessTarget target = new InProcessTarget(McpTesting.core(new DefaultAgent(), Map.of(),
                    probing(new Downstream("argos", argos.url()))));
            JsonNode health = McpTesting.health(target);
            assertEquals("ok", health.get("status").asText(), health.toString());
            assertEquals(List.of("POST null", "DELETE down-1"), argos.requests());
        }
    }

    @Test
    void get_health_is_degraded_when_a_downstream_refuses_connections() throws Exception {
        FakeDownstream gone = FakeDownstream.answering();
        gone.close();
        InProcessTarget target = new InProcessTarget(McpTesting.core(new DefaultAgent(), Map.of(),
                probing(new Downstream("kernos", gone.url()))));
        JsonNode health = McpTesting.health(target);
        assertEquals("degraded", health.get("status").asText(), health.toString());
        assertTrue(health.get("message").asText().startsWith("kernos"), health.toString());
    }

    @Test
    void get_health_is_error_when_the_agent_cannot_run_and_never_calls_it() throws Exception {
        InProcessTarget target = new InProcessTarget(McpTesting.core(TestAgents.failingToLoad(), Map.of(),
                probing()));
        JsonNode health = McpTesting.health(target);
        assertEquals("error", health.get("status").asText(), health.toString());
        assertFalse(health.get("message").asText().isBlank());
    }
}
