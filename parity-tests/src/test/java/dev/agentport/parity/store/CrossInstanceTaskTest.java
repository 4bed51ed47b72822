package dev.agentport.parity.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.json.Json;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.store.redis.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An A2A task streaming on one server, seen from another on the same Redis: a subscriber there follows it to its end,
 * and a cancel there stops its run.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CrossInstanceTaskTest {

    private static final JsonNode END = Json.object().put("end", true);
    /** Forty words: streamed at 200 ms a word, the run lasts about eight seconds. */
    private static final String LONG_TEXT = ("one two three four five six seven eight nine ten ").repeat(4).strip();

    private final HttpClient http = HttpClient.newHttpClient();
    private RedisServer redis;
    private ServerJar a;
    private ServerJar b;

    @BeforeAll
    void startTwoServersOnOneStore() throws Exception {
        redis = RedisServer.start();
        a = SharedStore.server(redis, "DEFAULT_AGENT_WORD_DELAY_MS", "200");
        b = SharedStore.server(redis, "DEFAULT_AGENT_WORD_DELAY_MS", "200");
    }

    @AfterAll
    void stop() throws Exception {
        SharedStore.close(a, b, redis);
    }

    @Test
    void a_task_streaming_on_one_instance_is_followed_to_its_end_from_the_other() throws Exception {
        BlockingQueue<JsonNode> origin = open(a, "SendStreamingMessage", sendParams(LONG_TEXT));
        String taskId = next(origin).at("/task/id").asText();

        BlockingQueue<JsonNode> follower = open(b, "SubscribeToTask", "{\"id\":\"" + taskId + "\"}");
        JsonNode first = next(follower);
        assertEquals(taskId, first.at("/task/id").asText(), first.toString());
        assertEquals("TASK_STATE_WORKING", first.at("/task/status/state").asText(), first.toString());
        List<JsonNode> rest = drain(follower);
        List<JsonNode> originEvents = drain(origin);

        assertEquals("TASK_STATE_COMPLETED", rest.getLast().at("/statusUpdate/status/state").asText(),
                rest.toString());
        JsonNode reply = rest.stream().filter(e -> e.has("artifactUpdate")).findFirst().orElseThrow(
                () -> new AssertionError("no artifact update: " + rest)).at("/artifactUpdate/artifact");
        assertTrue(reply.at("/parts/0/text").asText().contains("ten one two"), reply.toString());
        assertEquals("TASK_STATE_COMPLETED", originEvents.getLast().at("/statusUpdate/status/state").asText());
    }

    @Test
    void a_cancel_on_one_instance_stops_the_run_on_the_other() throws Exception {
        BlockingQueue<JsonNode> origin = open(a, "SendStreamingMessage", sendParams(LONG_TEXT));
        String taskId = next(origin).at("/task/id").asText();
        while (!next(origin).has("artifactUpdate")) {
            // the reply has begun streaming: the agent is running
        }

        JsonNode canceled = call(b, "CancelTask", "{\"id\":\"" + taskId + "\"}");
        assertEquals("TASK_STATE_CANCELED", canceled.at("/result/status/state").asText(), canceled.toString());
        Instant canceledAt = Instant.now();
        List<JsonNode> rest = drain(origin);
        Duration stoppedAfter = Duration.between(canceledAt, Instant.now());

        assertEquals("TASK_STATE_CANCELED", rest.getLast().at("/statusUpdate/status/state").asText(),
                rest.toString());
        assertTrue(stoppedAfter.compareTo(Duration.ofSeconds(4)) < 0,
                "the run went on for " + stoppedAfter + " after the cancel");
        JsonNode onA = call(a, "GetTask", "{\"id\":\"" + taskId + "\"}");
        assertEquals("TASK_STATE_CANCELED", onA.at("/result/status/state").asText(), onA.toString());
    }

    private static String sendParams(String text) {
        JsonNode params = Json.object().set("message", Json.object().put("messageId", "m-" + System.nanoTime())
                .put("role", "ROLE_USER").set("parts", Json.MAPPER.createArrayNode().add(
                        Json.object().put("text", text))));
        return params.toString();
    }

    private HttpRequest request(ServerJar server, String method, String params) {
        return HttpRequest.newBuilder(URI.create(server.baseUrl + "/a2a"))
                .header("Content-Type", "application/json").header("A2A-Version", "1.0")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method
                        + "\",\"params\":" + params + "}"))
                .build();
    }

    private JsonNode call(ServerJar server, String method, String params) throws Exception {
        HttpResponse<byte[]> response = http.send(request(server, method, params),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, response.statusCode(), () -> new String(response.body(), StandardCharsets.UTF_8));
        return Json.parse(response.body());
    }

    /** A stream read as it arrives: each event's result in the queue, then {@code END}. */
    private BlockingQueue<JsonNode> open(ServerJar server, String method, String params) {
        BlockingQueue<JsonNode> results = new LinkedBlockingQueue<>();
        Thread.ofVirtual().start(() -> {
            try {
                http.send(request(server, method, params), HttpResponse.BodyHandlers.ofLines()).body()
                        .filter(line -> line.startsWith("data: "))
                        .forEach(line -> results.add(result(line.substring("data: ".length()))));
            } catch (Exception ignored) {
                // the test fails on the missing events
            } finally {
                results.add(END);
            }
        });
        return results;
    }

    private static JsonNode result(String data) {
        try {
            return Json.parse(data.getBytes(StandardCharsets.UTF_8)).path("result");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode next(BlockingQueue<JsonNode> events) throws InterruptedException {
        JsonNode event = events.poll(20, TimeUnit.SECONDS);
        assertNotNull(event, "no event came");
        assertTrue(event != END, "the stream ended early");
        return event;
    }

    private static List<JsonNode> drain(BlockingQueue<JsonNode> events) throws InterruptedException {
        List<JsonNode> all = new ArrayList<>();
        while (true) {
            JsonNode event = events.poll(30, TimeUnit.SECONDS);
            assertNotNull(event, "the stream did not end: " + all);
            if (event == END) {
                return all;
            }
            all.add(event);
        }
    }
}
