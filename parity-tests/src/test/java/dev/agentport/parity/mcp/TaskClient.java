package dev.agentport.parity.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import dev.agentport.parity.interop.ServerJar;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A 2026-07-28 client of the tasks extension over plain HTTP, as the tests across instances drive it: every request
 * with a {@code _meta} that can elicit and declares the extension, and the routing headers.
 */
final class TaskClient {

    static final String VERSION = "2026-07-28";
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private int ids;

    static ObjectNode toolParams(String tool, ObjectNode arguments) {
        ObjectNode params = Json.object().put("name", tool);
        params.set("arguments", arguments);
        return withMeta(params);
    }

    static ObjectNode taskParams(String id) {
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

    /** The task as {@code tasks/get} reads it on {@code server}. */
    JsonNode get(ServerJar server, String id) throws Exception {
        return send(server, "tasks/get", id, taskParams(id)).path("result");
    }

    /** Reads the task on {@code server} until it has {@code status} (asserted, after {@code within} at most). */
    JsonNode poll(ServerJar server, String id, String status, Duration within) throws Exception {
        Instant end = Instant.now().plus(within);
        JsonNode task = get(server, id);
        while (!task.path("status").asText().equals(status) && Instant.now().isBefore(end)) {
            Thread.sleep(100);
            task = get(server, id);
        }
        assertEquals(status, task.path("status").asText(), task.toString());
        return task;
    }

    JsonNode poll(ServerJar server, String id, String status) throws Exception {
        return poll(server, id, status, TIMEOUT);
    }

    JsonNode send(ServerJar server, String method, String name, ObjectNode params) throws Exception {
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
