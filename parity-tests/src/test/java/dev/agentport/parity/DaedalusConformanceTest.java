package dev.agentport.parity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.contract.DaedalusSchemas;
import dev.agentport.contract.ValidatorRules;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.validate.Contract;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Settings;
import dev.agentport.validate.http.HttpTransport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Daedalus Runtime Contract's conformance, checked from outside against the packaged server jar
 * ({@code adapter-helidon/target/agentport-server.jar}) started as the proxy's pod would start it: Daedalus health, no
 * token, a free port. The checks of the contract's conformance suite that hold for any runtime (health, card, task ids,
 * unknown fields, content types, the manifest's shape) are the validate-contract command's Daedalus rules, run here
 * at the level the manifest declares; what stays below is what they leave to the runtime: the suite's fixed ids with
 * this agent's answers, the extras of its echo server (exact content types, a JSON {@code error} on 400 and 415, the
 * failed task's message), and the port the manifest names. Like the proxy, every task request gets 5 seconds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DaedalusConformanceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TASK_TIMEOUT = Duration.ofSeconds(5);
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();

    private ServerJar server;
    private String base;

    @BeforeAll
    void startTheServerJar() throws Exception {
        Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
        server = ServerJar.start(root, List.of(), "A2A_PORT", Map.of("AGENT_HEALTH_FORMAT", "daedalus",
                "DEFAULT_AGENT_WORD_DELAY_MS", "0"));
        base = server.baseUrl;
    }

    @AfterAll
    void stopTheServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @TestFactory
    Stream<DynamicContainer> every_daedalus_rule_of_validate_contract_passes() {
        return ValidatorRules.against(new Probe(new HttpTransport(URI.create(base)), null), Settings.DEFAULTS,
                Contract.DAEDALUS);
    }

    // ---- TestHealthEndpoint, TestHealthEndpointWaitForHealthy ---------------------------------------------------

    @Test
    void health_becomes_ok_within_2_seconds_of_polling() throws Exception {
        Instant deadline = Instant.now().plusSeconds(2);
        boolean ok = false;
        while (!ok && Instant.now().isBefore(deadline)) {
            HttpResponse<String> health = get("/health");
            ok = health.statusCode() == 200 && JSON.readTree(health.body()).path("status").asText().equals("ok");
            Thread.sleep(100);
        }
        assertTrue(ok);
    }

    // ---- TestAgentCardEndpoint, TestAgentCardContentType ------------------------------------------------------

    @Test
    void health_card_and_task_are_exactly_application_json() throws Exception {
        assertEquals("application/json", contentType(get("/health")));
        assertEquals("application/json", contentType(get("/.well-known/agent-card.json")));
        assertEquals("application/json", contentType(post("application/json",
                message("msg-009", "task-json", "hi").toString(), TASK_TIMEOUT)));
    }

    // ---- TestTaskExecution ----------------------------------------------------------------------------------------

    @Test
    void task_with_task_id_completes_with_that_id_and_a_text_artifact() throws Exception {
        JsonNode task = send(message("msg-001", "task-001", "hello world"));
        assertEquals("task-001", task.get("id").asText());
        assertEquals("completed", task.at("/status/state").asText());
        assertFalse(task.get("artifacts").isEmpty());
        assertFalse(task.at("/artifacts/0/parts/0/text").asText().isEmpty());
    }

    @Test
    void message_with_only_data_parts_is_a_failed_task_with_a_status_message() throws Exception {
        ObjectNode request = message("msg-003", "task-empty", null);
        request.withObject("/message").putArray("parts").addObject().putObject("data").put("key", "value");
        JsonNode task = send(request);
        assertEquals("task-empty", task.get("id").asText());
        assertEquals("failed", task.at("/status/state").asText());
        assertFalse(task.at("/status/message").isMissingNode(), task.toString());
        assertEquals("no text content in message parts", task.at("/status/message/parts/0/text").asText());
    }

    // ---- TestTaskExecutionEdgeCases, TestUnknownFieldsTolerated -----------------------------------------------

    @Test
    void empty_parts_is_200_and_a_failed_task() throws Exception {
        ObjectNode request = message("msg-005", "task-empty-parts", null);
        request.withObject("/message").putArray("parts");
        JsonNode task = send(request);
        assertEquals("task-empty-parts", task.get("id").asText());
        assertEquals("failed", task.at("/status/state").asText());
    }

    @Test
    void hundred_thousand_character_prompt_completes_within_5_seconds() throws Exception {
        JsonNode task = send(message("msg-006", "task-long", "a".repeat(100_000)));
        assertEquals("task-long", task.get("id").asText());
        assertEquals("completed", task.at("/status/state").asText());
    }

    @Test
    void empty_message_id_without_task_id_gets_an_anonymous_id() throws Exception {
        JsonNode task = send(message("", null, "hi"));
        assertTrue(task.get("id").asText().startsWith("anonymous-"), task.toString());
        assertEquals("completed", task.at("/status/state").asText());
    }

    // ---- TestContentTypes -------------------------------------------------------------------------------------

    @Test
    void text_plain_is_415_with_a_json_error() throws Exception {
        HttpResponse<String> answer = post("text/plain", "not json", Duration.ofSeconds(5));
        assertEquals(415, answer.statusCode());
        assertTrue(JSON.readTree(answer.body()).get("error").isTextual());
    }

    @Test
    void malformed_json_is_400_with_a_json_error() throws Exception {
        HttpResponse<String> answer = post("application/json", "{not valid json", Duration.ofSeconds(5));
        assertEquals(400, answer.statusCode());
        assertEquals("application/json", contentType(answer));
        assertTrue(JSON.readTree(answer.body()).has("error"));
    }

    // ---- TestContractManifest ---------------------------------------------------------------------------------

    @Test
    void served_manifest_names_the_served_port() throws Exception {
        HttpResponse<String> answer = get("/runtime-contract.json");
        assertEquals(200, answer.statusCode());
        assertEquals(URI.create(base).getPort(), JSON.readTree(answer.body()).at("/server/port").asInt());
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    /** POST / as the proxy sends it; like the conformance suite, anything but 200 within 5 s fails. */
    private JsonNode send(ObjectNode request) throws Exception {
        HttpResponse<String> answer = post("application/json", request.toString(), TASK_TIMEOUT);
        assertEquals(200, answer.statusCode(), answer.body());
        JsonNode task = JSON.readTree(answer.body());
        DaedalusSchemas.assertValid(DaedalusSchemas.TASK, task);
        return task;
    }

    private static ObjectNode message(String messageId, String taskId, String text) {
        ObjectNode request = JSON.createObjectNode();
        ObjectNode message = request.putObject("message");
        message.put("messageId", messageId);
        message.put("role", "user");
        if (taskId != null) {
            message.put("taskId", taskId);
        }
        if (text != null) {
            message.putArray("parts").addObject().put("text", text);
        }
        return request;
    }

    private HttpResponse<String> get(String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String contentType, String body, Duration timeout) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(base + "/")).timeout(timeout)
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String contentType(HttpResponse<?> answer) {
        return answer.headers().firstValue("Content-Type").orElse("");
    }
}
