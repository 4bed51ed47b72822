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

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * MCP tasks behind a load balancer: two packaged servers with the conformance fixture keep their tasks in one real
 * redis-server, so a task made on one is read, answered and cancelled through the other.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpTasksAcrossInstancesTest {

    private static final String VERSION = "2026-07-28";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private RedisServer redis;
    private ServerJar a;
    private ServerJar b;
    private int ids;

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
        String id = send(a, "tools/call", "confirm_delete", toolParams("confirm_delete", arguments))
                .at("/result/taskId").asText();
        JsonNode waiting = poll(b, id, "input_required");
        String key = waiting.path("inputRequests").fieldNames().next();

        ObjectNode update = taskParams(id);
        update.putObject("inputResponses").putObject(key).put("action", "accept").putObject("content")
                .put("confirm", true);
        assertEquals("complete", send(b, "tasks/update", id, update).at("/result/resultType").asText());

        JsonNode done = poll(a, id, "completed");
        assertEquals("deleted across.txt", done.at("/result/content/0/text").asText(), done.toString());
    }

    @Test
    void a_cancel_answered_by_one_instance_stops_the_task_running_on_the_other() throws Exception {
        ObjectNode arguments = Json.object().put("seconds", 30).put("label", "across");
        String id = send(a, "tools/call", "slow_compute", toolParams("slow_compute", arguments))
                .at("/result/taskId").asText();
        assertEquals("working", send(b, "tasks/get", id, taskParams(id)).at("/result/status").asText());
        assertEquals("complete", send(b, "tasks/cancel", id, taskParams(id)).at("/result/resultType").asText());
        assertEquals("cancelled", poll(a, id, "cancelled").path("status").asText());
    }

    private static ObjectNode toolParams(String tool, ObjectNode arguments) {
        ObjectNode params = Json.object().put("name", tool);
        params.set("arguments", arguments);
        return withMeta(params);
    }

    private static ObjectNode taskParams(String id) {
        return withMeta(Json.object().put("taskId", id));
    }

    /** A 2026-07-28 {@code _meta} from a client that can elicit and declares the tasks extension. */
    private static ObjectNode withMeta(ObjectNode params) {
        ObjectNode meta = params.putObject("_meta").put("io.modelcontextprotocol/protocolVersion", VERSION);
        ObjectNode capabilities = meta.putObject("io.modelcontextprotocol/clientCapabilities");
        capabilities.putObject("elicitation");
        capabilities.putObject("extensions").putObject("io.modelcontextprotocol/tasks");
        return params;
    }

    private JsonNode poll(ServerJar server, String id, String status) throws Exception {
        Instant end = Instant.now().plus(TIMEOUT);
        JsonNode task = send(server, "tasks/get", id, taskParams(id)).path("result");
        while (!task.path("status").asText().equals(status) && Instant.now().isBefore(end)) {
            Thread.sleep(100);
            task = send(server, "tasks/get", id, taskParams(id)).path("result");
        }
        assertEquals(status, task.path("status").asText(), task.toString());
        return task;
    }

    private JsonNode send(ServerJar server, String method, String name, ObjectNode params) throws Exception {
        ObjectNode message = Json.object().put("jsonrpc", "2.0").put("id", ++ids).put("method", method);
        message.set("params", params);
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.mcpUrl())).timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", VERSION)
                .header("Mcp-Method", method)
                .header("Mcp-Name", name)
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response::body);
        return Json.parse(response.body().getBytes(StandardCharsets.UTF_8));
    }
}
