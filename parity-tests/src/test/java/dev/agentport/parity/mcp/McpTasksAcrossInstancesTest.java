package dev.agentport.parity.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.store.redis.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * MCP tasks behind a load balancer: two packaged servers with the conformance fixture keep their tasks in one real
 * redis-server, so a task made on one is read, answered, cancelled and listened to through the other.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpTasksAcrossInstancesTest {

    private final Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
    private final TaskClient client = new TaskClient();
    private RedisServer redis;
    private ServerJar a;
    private ServerJar b;

    @BeforeAll
    void startTwoInstancesOnOneStore(@TempDir Path folder) throws Exception {
        redis = RedisServer.start();
        List<Path> fixture = List.of(FixtureJar.write(folder));
        Map<String, String> settings = new HashMap<>(McpSettings.STATELESS);
        settings.put("AGENT_STATE_STORE", redis.uri());
        a = ServerJar.start(root, fixture, settings);
        b = ServerJar.start(root, fixture, settings);
    }

    @AfterAll
    void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {a, b, redis}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    @Test
    void a_task_made_on_one_instance_is_answered_on_the_other_and_read_back_on_the_first() throws Exception {
        ObjectNode arguments = Json.object().put("filename", "across.txt");
        String id = client.send(a, "tools/call", "confirm_delete",
                        TaskClient.toolParams("confirm_delete", arguments))
                .at("/result/taskId").asText();
        JsonNode waiting = client.poll(b, id, "input_required");
        String key = waiting.path("inputRequests").fieldNames().next();

        ObjectNode update = TaskClient.taskParams(id);
        update.putObject("inputResponses").putObject(key).put("action", "accept").putObject("content")
                .put("confirm", true);
        assertEquals("complete", client.send(b, "tasks/update", id, update).at("/result/resultType").asText());

        JsonNode done = client.poll(a, id, "completed");
        assertEquals("deleted across.txt", done.at("/result/content/0/text").asText(), done.toString());
    }

    @Test
    void a_listen_stream_on_one_instance_follows_a_task_that_the_other_runs_to_its_end() throws Exception {
        String id = client.send(a, "tools/call", "confirm_delete",
                        TaskClient.toolParams("confirm_delete", Json.object().put("filename", "listened.txt")))
                .at("/result/taskId").asText();
        client.poll(a, id, "input_required");
        try (TaskClient.Listen listen = client.listen(b, id)) {
            JsonNode ack = listen.next();
            assertEquals("notifications/subscriptions/acknowledged", ack.path("method").asText(), ack.toString());
            assertEquals(id, ack.at("/params/notifications/taskIds/0").asText(), ack.toString());
            JsonNode waiting = listen.next();
            assertEquals("notifications/tasks", waiting.path("method").asText(), waiting.toString());
            assertEquals("input_required", waiting.at("/params/status").asText(), waiting.toString());
            String key = waiting.at("/params/inputRequests").fieldNames().next();

            ObjectNode update = TaskClient.taskParams(id);
            update.putObject("inputResponses").putObject(key).put("action", "accept").putObject("content")
                    .put("confirm", true);
            client.send(a, "tasks/update", id, update);

            JsonNode notified = listen.next();
            while (!notified.at("/params/status").asText().equals("completed")) {
                assertEquals("working", notified.at("/params/status").asText(), notified.toString());
                notified = listen.next();
            }
            assertEquals("deleted listened.txt", notified.at("/params/result/content/0/text").asText(),
                    notified.toString());
            JsonNode closing = listen.next();
            assertEquals(ack.at("/params/_meta/io.modelcontextprotocol~1subscriptionId"), closing.path("id"),
                    closing.toString());
            assertEquals("complete", closing.at("/result/resultType").asText(), closing.toString());
        }
    }

    @Test
    void a_cancel_answered_by_one_instance_stops_the_task_running_on_the_other() throws Exception {
        ObjectNode arguments = Json.object().put("seconds", 30).put("label", "across");
        String id = client.send(a, "tools/call", "slow_compute", TaskClient.toolParams("slow_compute", arguments))
                .at("/result/taskId").asText();
        assertEquals("working", client.get(b, id).path("status").asText());
        assertEquals("complete", client.send(b, "tasks/cancel", id, TaskClient.taskParams(id))
                .at("/result/resultType").asText());
        assertEquals("cancelled", client.poll(a, id, "cancelled").path("status").asText());
    }
}
