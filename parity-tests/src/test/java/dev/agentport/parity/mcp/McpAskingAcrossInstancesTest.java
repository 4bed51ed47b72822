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
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tool that asks the client, behind a load balancer: the client's answer reaches another instance than the one
 * whose tool waits. Two packaged servers with the asking fixture keep their state in one real redis-server and share
 * {@code AGENT_MCP_STATE_KEY}; a third has its own key.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpAskingAcrossInstancesTest {

    private static final String KEY = "a-state-key-every-instance-shares-0001";
    private static final String OTHER_KEY = "another-state-key-of-another-deployment";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private RedisServer redis;
    private ServerJar a;
    private ServerJar b;
    private ServerJar stranger;

    @BeforeAll
    void startTwoInstancesOnOneStoreAndAStranger(@TempDir Path folder) throws Exception {
        redis = RedisServer.start();
        List<Path> fixture = List.of(FixtureJar.write(folder));
        a = ServerJar.start(root, fixture, settings(KEY));
        b = ServerJar.start(root, fixture, settings(KEY));
        stranger = ServerJar.start(root, fixture, settings(OTHER_KEY));
    }

    @AfterAll
    void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {a, b, stranger, redis}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    private Map<String, String> settings(String stateKey) {
        Map<String, String> settings = new HashMap<>(McpSettings.STATELESS);
        settings.put("AGENT_STATE_STORE", redis.uri());
        settings.put("AGENT_MCP_STATE_KEY", stateKey);
        settings.put("AGENT_RUN_TIMEOUT_SECONDS", "30");
        return settings;
    }

    @Test
    void a_question_streamed_by_one_instance_is_answered_through_the_other() throws Exception {
        ObjectNode call = toolsCall(7, "test_elicitation", "2025-11-25");
        ((ObjectNode) call.get("params")).putObject("arguments").put("message", "Who are you?");
        HttpResponse<Stream<String>> stream = http.send(post(a, call, "2025-11-25"),
                HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, stream.statusCode());
        Iterator<JsonNode> messages = stream.body().filter(line -> line.startsWith("data:"))
                .map(line -> parse(line.substring("data:".length()).strip())).iterator();
        JsonNode question = messages.next();
        assertEquals("elicitation/create", question.path("method").asText(), question.toString());

        ObjectNode answer = Json.object().put("jsonrpc", "2.0");
        answer.set("id", question.get("id"));
        answer.putObject("result").put("action", "accept").putObject("content").put("username", "ada")
                .put("email", "ada@example.com");
        HttpResponse<String> delivered = http.send(post(b, answer, "2025-11-25"),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(202, delivered.statusCode(), delivered::body);

        JsonNode result = messages.next();
        assertEquals(7, result.path("id").asInt(), result.toString());
        assertEquals("User response: action=accept, content={\"username\":\"ada\",\"email\":\"ada@example.com\"}",
                result.at("/result/content/0/text").asText(), result.toString());
    }

    @Test
    void an_input_required_retry_completes_on_another_instance_with_the_same_state_key() throws Exception {
        JsonNode asked = send(a, toolsCall(8, "test_streaming_elicitation", "2026-07-28"));
        assertEquals("input_required", asked.at("/result/resultType").asText(), asked.toString());
        JsonNode done = send(b, retry(asked));
        assertEquals("complete", done.at("/result/resultType").asText(), done.toString());
        assertTrue(done.at("/result/content/0/text").asText().contains("\"answer\":\"blue\""), done.toString());
    }

    @Test
    void an_input_required_retry_is_refused_by_an_instance_with_another_state_key() throws Exception {
        JsonNode asked = send(a, toolsCall(9, "test_streaming_elicitation", "2026-07-28"));
        JsonNode refused = send(stranger, retry(asked));
        assertEquals(-32602, refused.at("/error/code").asInt(), refused.toString());
    }

    /** A {@code tools/call} from a client that can elicit, in {@code version}'s form. */
    private static ObjectNode toolsCall(int id, String tool, String version) {
        ObjectNode call = Json.object().put("jsonrpc", "2.0").put("id", id).put("method", "tools/call");
        ObjectNode params = call.putObject("params").put("name", tool);
        params.putObject("arguments");
        ObjectNode meta = params.putObject("_meta");
        if (version.equals("2026-07-28")) {
            meta.put("io.modelcontextprotocol/protocolVersion", version);
        }
        meta.putObject("io.modelcontextprotocol/clientCapabilities").putObject("elicitation");
        return call;
    }

    /** The same call again, with the answer to the question it was asked and the state it was given. */
    private static ObjectNode retry(JsonNode asked) {
        ObjectNode call = toolsCall(10, "test_streaming_elicitation", "2026-07-28");
        ObjectNode params = (ObjectNode) call.get("params");
        params.put("requestState", asked.at("/result/requestState").asText());
        String key = asked.at("/result/inputRequests").fieldNames().next();
        params.putObject("inputResponses").putObject(key).put("action", "accept").putObject("content")
                .put("answer", "blue");
        return call;
    }

    /** Sends a call and reads its one answer, as JSON or as the last message of an event stream. */
    private JsonNode send(ServerJar server, ObjectNode message) throws Exception {
        String version = message.at("/params/_meta/io.modelcontextprotocol~1protocolVersion").asText("2025-11-25");
        HttpResponse<Stream<String>> response = http.send(post(server, message, version),
                HttpResponse.BodyHandlers.ofLines());
        List<String> lines = response.body().toList();
        List<String> data = lines.stream().filter(line -> line.startsWith("data:")).toList();
        return data.isEmpty() ? parse(String.join("\n", lines))
                : parse(data.getLast().substring("data:".length()).strip());
    }

    private static HttpRequest post(ServerJar server, ObjectNode message, String version) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.mcpUrl())).timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", version)
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()));
        if (version.equals("2026-07-28")) {
            request.header("Mcp-Method", message.path("method").asText());
            if (message.at("/params/name").isTextual()) {
                request.header("Mcp-Name", message.at("/params/name").asText());
            }
        }
        return request.build();
    }

    private static JsonNode parse(String json) {
        try {
            return Json.parse(json.getBytes(StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }
}
