package dev.agentport.helidon;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentport.langchain4j.ScriptedModelServer;
import dev.agentport.langchain4j.ScriptedModelServer.Reply;
import dev.agentport.runtime.Settings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The built-in model agent chosen by settings alone ({@code AGENT_MODEL_PROVIDER=openai} and its variables), over a
 * real Helidon server on loopback, with LangChain4j's OpenAI client talking to a scripted OpenAI-compatible server.
 */
class ModelAgentOverHelidonTest {

    private static final String KEY = "sk-helidon-test-5f2b9c0d";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client = HttpClient.newHttpClient();
    private ScriptedModelServer model;
    private AgentPortServer server;

    @BeforeEach
    void start() throws Exception {
        model = ScriptedModelServer.start();
        server = server(model.baseUrl(), Map.of());
    }

    @AfterEach
    void stop() {
        server.stop();
        model.close();
    }

    private static AgentPortServer server(String baseUrl, Map<String, String> more) throws InterruptedException {
        Map<String, String> env = new HashMap<>(Map.of("PORT", "0", "AGENT_MODEL_PROVIDER", "openai",
                "AGENT_MODEL_NAME", "scripted-model", "OPENAI_BASE_URL", baseUrl, "OPENAI_API_KEY", KEY));
        env.putAll(more);
        return AgentPortServer.builder().settings(Settings.of(env)).build().start().awaitLoaded(Duration.ofSeconds(30));
    }

    private HttpResponse<String> post(String path, String body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void invoke_answers_the_model_reply_and_the_second_turn_sends_the_first_turn_history() throws Exception {
        model.then(new Reply("Hello, Ada."), new Reply("You are Ada."));

        HttpResponse<String> first = post("/invoke", "{\"input\":\"I am Ada\",\"session_id\":\"ada-1\"}");
        HttpResponse<String> second = post("/invoke", "{\"input\":\"who am I?\",\"session_id\":\"ada-1\"}");

        assertEquals(200, first.statusCode(), first.body());
        assertEquals("Hello, Ada.", JSON.readTree(first.body()).get("output").asText());
        assertEquals("You are Ada.", JSON.readTree(second.body()).get("output").asText());
        assertEquals(List.of("user: I am Ada", "assistant: Hello, Ada.", "user: who am I?"),
                model.received().get(1).messages());
    }

    @Test
    void stream_gives_the_reply_tokens_as_separate_deltas() throws Exception {
        model.then(new Reply("one two three"));

        HttpResponse<String> answer = post("/stream", "{\"input\":\"count\"}");

        List<String> deltas = new ArrayList<>();
        for (String line : answer.body().split("\n")) {
            if (line.startsWith("data: {\"delta\"")) {
                deltas.add(JSON.readTree(line.substring("data: ".length())).get("delta").asText());
            }
        }
        assertEquals(List.of("one ", "two ", "three"), deltas, answer.body());
    }

    @Test
    void mcp_send_message_and_a2a_send_message_return_the_same_reply_as_invoke() throws Exception {
        String invoked = JSON.readTree(post("/invoke", "{\"input\":\"hello\"}").body()).get("output").asText();
        HttpResponse<String> mcp = post("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"send_message\",\"arguments\":{\"message\":\"hello\"}}}",
                "Accept", "application/json, text/event-stream");
        HttpResponse<String> a2a = post("/a2a", "{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"method\":\"SendMessage\","
                + "\"params\":{\"message\":{\"messageId\":\"m-1\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hello\"}]}}}",
                "A2A-Version", "1.0");

        assertEquals("The scripted model heard: hello", invoked);
        assertEquals(invoked, JSON.readTree(mcp.body()).at("/result/content/0/text").asText(), mcp.body());
        JsonNode task = JSON.readTree(a2a.body()).at("/result/task");
        assertEquals("TASK_STATE_COMPLETED", task.at("/status/state").asText(), a2a.body());
        assertEquals(invoked, task.at("/artifacts/0/parts/0/text").asText(), a2a.body());
    }

    @Test
    void the_key_reaches_the_model_server_and_no_log_line_even_at_debug() throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Level level = root.getLevel();
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        root.addAppender(lines);
        root.setLevel(Level.DEBUG);
        List<String> logged;
        try {
            server.stop();
            server = server(model.baseUrl(), Map.of("LOG_LEVEL", "DEBUG"));
            post("/invoke", "{\"input\":\"hello\"}");
            post("/stream", "{\"input\":\"hello\"}");
            // a provider quoting the key in its refusal: the body reaches neither the caller nor the log
            ScriptedModelServer.Status refusal = new ScriptedModelServer.Status(401, "{\"error\":\"bad key " + KEY + "\"}");
            model.then(refusal, refusal);
            assertFalse(post("/invoke", "{\"input\":\"hello\"}").body().contains(KEY));
            assertFalse(post("/stream", "{\"input\":\"hello\"}").body().contains(KEY));
        } finally {
            root.detachAppender(lines);
            root.setLevel(level);
        }
        logged = lines.list.stream().map(line -> line.getFormattedMessage() + line.getKeyValuePairs()
                + line.getMDCPropertyMap()
                + (line.getThrowableProxy() == null ? "" : ThrowableProxyUtil.asString(line.getThrowableProxy())))
                .toList();
        assertTrue(model.received().stream().allMatch(r -> ("Bearer " + KEY).equals(r.authorization())));
        assertFalse(logged.isEmpty());
        for (String line : logged) {
            assertFalse(line.contains(KEY), "the key in the log: " + line);
        }
    }

    @Test
    void with_the_model_server_stopped_invoke_answers_a_5xx_envelope_naming_the_provider_and_health_stays_up()
            throws Exception {
        model.close();

        HttpResponse<String> answer = post("/invoke", "{\"input\":\"hello\"}");

        assertTrue(answer.statusCode() >= 500 && answer.statusCode() < 600, answer.statusCode() + " " + answer.body());
        JsonNode error = JSON.readTree(answer.body()).get("error");
        assertEquals("the model provider openai could not be reached", error.get("message").asText(), answer.body());
        assertFalse(answer.body().contains("Exception"), answer.body());
        HttpResponse<String> health = client.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.port() + "/health")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, health.statusCode(), health.body());
    }
}
