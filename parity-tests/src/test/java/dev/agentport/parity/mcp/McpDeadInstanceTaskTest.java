package dev.agentport.parity.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.store.redis.RedisServer;
import dev.agentport.task.Leases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An MCP task whose instance is killed with SIGKILL while it runs, as the A2A tasks of {@code DeadInstanceTaskTest}:
 * another instance on the same store reads it as failed, saying its instance stopped, within one lease term (shortened
 * here with {@code AGENT_TASK_LEASE_SECONDS}); while its instance lives, the renewed lease keeps it working past the
 * term.
 */
class McpDeadInstanceTaskTest {

    private static final int LEASE_SECONDS = 6;
    /** What a poll, a busy machine and the instances' clocks may add to the term. */
    private static final Duration SLACK = Duration.ofSeconds(10);

    private final Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
    private final TaskClient client = new TaskClient();

    @Test
    void on_redis_a_task_of_a_killed_instance_reads_as_failed_within_the_lease_term(@TempDir Path folder)
            throws Exception {
        List<Path> fixture = List.of(FixtureJar.write(folder));
        try (RedisServer redis = RedisServer.start()) {
            Map<String, String> settings = new HashMap<>(McpSettings.STATELESS);
            settings.put("AGENT_STATE_STORE", redis.uri());
            settings.put(Leases.VARIABLE, Integer.toString(LEASE_SECONDS));
            killAndWatch(fixture, settings);
        }
    }

    private void killAndWatch(List<Path> fixture, Map<String, String> settings) throws Exception {
        ServerJar a = null;
        ServerJar b = null;
        try {
            a = ServerJar.start(root, fixture, settings);
            b = ServerJar.start(root, fixture, settings);
            ObjectNode arguments = Json.object().put("seconds", 600).put("label", "outlives the test");
            String id = client.send(a, "tools/call", "slow_compute", TaskClient.toolParams("slow_compute", arguments))
                    .at("/result/taskId").asText();

            Thread.sleep(Duration.ofSeconds(LEASE_SECONDS + 3).toMillis());
            assertEquals("working", client.get(b, id).path("status").asText(),
                    "a task its live instance renews stays working past the term");

            a.kill();
            Instant killedAt = Instant.now();
            JsonNode task = client.poll(b, id, "failed", Duration.ofSeconds(LEASE_SECONDS).plus(SLACK).plusSeconds(10));
            Duration after = Duration.between(killedAt, Instant.now());

            assertEquals(Leases.STOPPED, task.path("statusMessage").asText(), task.toString());
            assertEquals(-32603, task.at("/error/code").asInt(), task.toString());
            assertTrue(after.compareTo(Duration.ofSeconds(LEASE_SECONDS).plus(SLACK)) <= 0,
                    "failed " + after + " after the kill");
        } finally {
            for (ServerJar server : new ServerJar[] {a, b}) {
                if (server != null) {
                    server.close();
                }
            }
        }
    }
}
