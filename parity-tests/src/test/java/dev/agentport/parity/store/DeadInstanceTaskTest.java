package dev.agentport.parity.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.json.Json;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.store.redis.RedisServer;
import dev.agentport.task.TaskLeases;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A task whose instance is killed with SIGKILL while it runs: another instance on the same store reads it as failed,
 * saying its instance stopped, within one lease term (shortened here with {@code AGENT_TASK_LEASE_SECONDS}); while its
 * instance lives, the renewed lease keeps it working past the term.
 */
class DeadInstanceTaskTest {

    private static final int LEASE_SECONDS = 6;
    /** What a poll, a busy machine and the instances' clocks may add to the term. */
    private static final Duration SLACK = Duration.ofSeconds(10);
    /** Forty words at two seconds a word: the run outlasts the test. */
    private static final String LONG_TEXT = ("one two three four five six seven eight nine ten ").repeat(4).strip();

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void on_redis_a_task_of_a_killed_instance_reads_as_failed_within_the_lease_term() throws Exception {
        try (RedisServer redis = RedisServer.start()) {
            killAndWatch(SharedStore.settings(redis));
        }
    }

    @Test
    void on_dynamodb_a_task_of_a_killed_instance_reads_as_failed_within_the_lease_term() throws Exception {
        try (SharedDynamoDb dynamo = SharedDynamoDb.start()) {
            killAndWatch(dynamo.settings());
        }
    }

    private void killAndWatch(Map<String, String> store) throws Exception {
        Map<String, String> settings = new HashMap<>(store);
        settings.put(TaskLeases.VARIABLE, Integer.toString(LEASE_SECONDS));
        settings.put("DEFAULT_AGENT_WORD_DELAY_MS", "2000");
        ServerJar a = null;
        ServerJar b = null;
        try {
            a = ServerJar.start(SharedStore.ROOT, settings);
            b = ServerJar.start(SharedStore.ROOT, settings);
            BlockingQueue<JsonNode> stream = open(a);
            JsonNode first = stream.poll(30, TimeUnit.SECONDS);
            assertNotNull(first, "the stream did not begin");
            String taskId = first.at("/task/id").asText();

            Thread.sleep(Duration.ofSeconds(LEASE_SECONDS + 3).toMillis());
            assertEquals("TASK_STATE_WORKING", state(getTask(b, taskId)),
                    "a task its live instance renews stays working past the term");

            a.kill();
            Instant killedAt = Instant.now();
            JsonNode task = getTask(b, taskId);
            while (!state(task).equals("TASK_STATE_FAILED")
                    && Instant.now().isBefore(killedAt.plusSeconds(LEASE_SECONDS).plus(SLACK).plusSeconds(10))) {
                Thread.sleep(250);
                task = getTask(b, taskId);
            }
            Duration after = Duration.between(killedAt, Instant.now());

            assertEquals("TASK_STATE_FAILED", state(task), task.toString());
            assertEquals(TaskLeases.STOPPED, task.at("/status/message/parts/0/text").asText(), task.toString());
            assertTrue(after.compareTo(Duration.ofSeconds(LEASE_SECONDS).plus(SLACK)) <= 0,
                    "failed " + after + " after the kill");
        } finally {
            SharedStore.close(a, b);
        }
    }

    private static String state(JsonNode task) {
        return task.at("/status/state").asText();
    }

    private JsonNode getTask(ServerJar server, String taskId) throws Exception {
        HttpResponse<byte[]> response = http.send(request(server, "GetTask", "{\"id\":\"" + taskId + "\"}"),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, response.statusCode(), () -> new String(response.body(), StandardCharsets.UTF_8));
        return Json.parse(response.body()).path("result");
    }

    /** A streaming message to {@code server}: each event's result in the queue as it arrives. */
    private BlockingQueue<JsonNode> open(ServerJar server) {
        String params = Json.object().set("message", Json.object().put("messageId", "m-" + System.nanoTime())
                .put("role", "ROLE_USER").set("parts", Json.MAPPER.createArrayNode().add(
                        Json.object().put("text", LONG_TEXT)))).toString();
        BlockingQueue<JsonNode> results = new LinkedBlockingQueue<>();
        Thread.ofVirtual().start(() -> {
            try {
                http.send(request(server, "SendStreamingMessage", params), HttpResponse.BodyHandlers.ofLines())
                        .body().filter(line -> line.startsWith("data: "))
                        .forEach(line -> results.add(result(line.substring("data: ".length()))));
            } catch (Exception ignored) {
                // cut by the kill; the test fails on what is missing
            }
        });
        return results;
    }

    private static HttpRequest request(ServerJar server, String method, String params) {
        return HttpRequest.newBuilder(URI.create(server.baseUrl + "/a2a"))
                .header("Content-Type", "application/json").header("A2A-Version", "1.0")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method
                        + "\",\"params\":" + params + "}"))
                .build();
    }

    private static JsonNode result(String data) {
        try {
            return Json.parse(data.getBytes(StandardCharsets.UTF_8)).path("result");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
