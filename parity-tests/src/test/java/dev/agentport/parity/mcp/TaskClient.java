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
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

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

    /**
     * Opens a {@code subscriptions/listen} stream on {@code server} for {@code taskIds}; its messages are read as they
     * arrive.
     */
    Listen listen(ServerJar server, String... taskIds) throws Exception {
        ObjectNode params = withMeta(Json.object());
        var named = params.putObject("notifications").putArray("taskIds");
        for (String id : taskIds) {
            named.add(id);
        }
        ObjectNode message = Json.object().put("jsonrpc", "2.0").put("id", "listen-" + ++ids)
                .put("method", "subscriptions/listen");
        message.set("params", params);
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.mcpUrl()))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", VERSION)
                .header("Mcp-Method", "subscriptions/listen")
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()))
                .build();
        HttpResponse<Stream<String>> response = http.send(request, HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, response.statusCode());
        return new Listen(response.body());
    }

    /** An open listen stream: its messages, read on a thread of their own. */
    static final class Listen implements AutoCloseable {

        private final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
        private final Stream<String> lines;

        private Listen(Stream<String> lines) {
            this.lines = lines;
            Thread.ofVirtual().start(() -> {
                try {
                    lines.filter(line -> line.startsWith("data: ")).forEach(line -> messages.add(parse(line)));
                } catch (RuntimeException e) {
                    // the stream was closed
                }
            });
        }

        private static JsonNode parse(String dataLine) {
            try {
                return Json.parse(dataLine.substring(6).getBytes(StandardCharsets.UTF_8));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        /** The next message; fails when none comes within the timeout. */
        JsonNode next() throws InterruptedException {
            JsonNode message = messages.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            assertNotNull(message, "no message on the listen stream within " + TIMEOUT);
            return message;
        }

        @Override
        public void close() {
            lines.close();
        }
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
