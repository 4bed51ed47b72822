package dev.agentport.parity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.contract.DaedalusSchemas;
import dev.agentport.parity.interop.ServerJar;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Daedalus Runtime Contract's level-1 conformance checks, run from outside against the packaged server jar
 * ({@code adapter-helidon/target/agentport-server.jar}) started as the proxy's pod would start it: Daedalus health, no
 * token, a free port. Every check of the contract's conformance suite is here (health, card, task execution, edge
 * cases, unknown fields, content types, manifest), with the extras of its echo server (exact content types, a JSON
 * {@code error} on 400, the failed task's message). Like the proxy, every task request gets 5 seconds.
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

    // ---- TestHealthEndpoint, TestHealthEndpointWaitForHealthy ---------------------------------------------------

    @Test
    void health_is_200_json_with_only_string_values_and_status_ok() throws Exception {
        HttpResponse<String> health = get("/health");
        assertEquals(200, health.statusCode());
        assertEquals("application/json", contentType(health));
        JsonNode body = JSON.readTree(health.body());
        body.properties().forEach(field -> assertTrue(field.getValue().isTextual(), field.toString()));
        assertEquals("ok", body.get("status").asText());
    }

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
    void agent_card_has_name_description_version_and_skills() throws Exception {
        JsonNode card = card();
        for (String field : new String[] {"name", "description", "version"}) {
            assertFalse(card.path(field).asText().isEmpty(), field);
        }
        assertFalse(card.get("skills").isEmpty());
    }

    @Test
    void agent_card_skills_have_id_name_description_and_tags() throws Exception {
        for (JsonNode skill : card().get("skills")) {
            for (String field : new String[] {"id", "name", "description"}) {
                assertFalse(skill.path(field).asText().isEmpty(), field + " of " + skill);
            }
            assertTrue(skill.path("tags").isArray(), "tags of " + skill);
        }
    }

    @Test
    void agent_card_is_valid_against_the_card_schema() throws Exception {
        DaedalusSchemas.assertValid(DaedalusSchemas.AGENT_CARD, card());
    }

    @Test
    void agent_card_content_type_is_application_json() throws Exception {
        HttpResponse<String> card = get("/.well-known/agent-card.json");
        assertEquals(200, card.statusCode());
        assertEquals("application/json", contentType(card));
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
    void task_id_is_the_custom_task_id() throws Exception {
        JsonNode task = send(message("msg-002", "custom-task-id", "hello"));
        assertEquals("custom-task-id", task.get("id").asText());
        assertEquals("completed", task.at("/status/state").asText());
    }

    @Test
    void task_id_falls_back_to_the_message_id() throws Exception {
        JsonNode task = send(message("fallback-msg-id", null, "hello"));
        assertEquals("fallback-msg-id", task.get("id").asText());
        assertEquals("completed", task.at("/status/state").asText());
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

    @Test
    void completed_task_is_valid_against_the_task_schema() throws Exception {
        JsonNode task = send(message("msg-004", "task-schema", "validate me"));
        assertEquals("completed", task.at("/status/state").asText());
        DaedalusSchemas.assertValid(DaedalusSchemas.TASK, task);
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
    void message_id_alone_is_the_task_id() throws Exception {
        JsonNode task = send(message("only-msg-id", null, "hi"));
        assertEquals("only-msg-id", task.get("id").asText());
        assertEquals("completed", task.at("/status/state").asText());
    }

    @Test
    void empty_message_id_without_task_id_gets_an_anonymous_id() throws Exception {
        JsonNode task = send(message("", null, "hi"));
        assertTrue(task.get("id").asText().startsWith("anonymous-"), task.toString());
        assertEquals("completed", task.at("/status/state").asText());
    }

    @Test
    void unknown_fields_are_tolerated() throws Exception {
        ObjectNode request = message("msg-007", "task-compat", "hi");
        request.withObject("/message").put("futureField", "ignored");
        request.put("unknownTopLevel", true);
        assertEquals("task-compat", send(request).get("id").asText());
    }

    // ---- TestContentTypes -------------------------------------------------------------------------------------

    @Test
    void text_plain_is_415() throws Exception {
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

    @Test
    void json_with_a_charset_is_200_json() throws Exception {
        HttpResponse<String> answer = post("application/json; charset=utf-8",
                message("msg-008", null, "hello").toString(), TASK_TIMEOUT);
        assertEquals(200, answer.statusCode());
        assertTrue(contentType(answer).startsWith("application/json"));
    }

    // ---- TestContractManifest ---------------------------------------------------------------------------------

    @Test
    void served_manifest_is_valid_and_names_the_served_port() throws Exception {
        HttpResponse<String> answer = get("/runtime-contract.json");
        assertEquals(200, answer.statusCode());
        JsonNode manifest = JSON.readTree(answer.body());
        DaedalusSchemas.assertValid(DaedalusSchemas.RUNTIME_CONTRACT, manifest);
        assertEquals(URI.create(base).getPort(), manifest.at("/server/port").asInt());
    }

    @Test
    void manifests_of_levels_1_2_and_3_are_valid() throws Exception {
        for (int level = 1; level <= 3; level++) {
            ObjectNode manifest = manifest();
            manifest.put("conformanceLevel", level);
            assertTrue(DaedalusSchemas.errors(DaedalusSchemas.RUNTIME_CONTRACT, manifest).isEmpty(), "level " + level);
        }
        ObjectNode withoutCompaction = manifest();
        withoutCompaction.withObject("/capabilities").remove("contextCompaction");
        withoutCompaction.withObject("/server").put("port", 9090);
        assertTrue(DaedalusSchemas.errors(DaedalusSchemas.RUNTIME_CONTRACT, withoutCompaction).isEmpty());
    }

    @Test
    void manifests_breaking_a_rule_are_invalid() throws Exception {
        Map<String, Consumer<ObjectNode>> breaks = new java.util.LinkedHashMap<>();
        for (String field : new String[] {"contractVersion", "runtime", "server", "capabilities", "conformanceLevel"}) {
            breaks.put("missing " + field, manifest -> manifest.remove(field));
        }
        breaks.put("contract version v2", manifest -> manifest.put("contractVersion", "v2"));
        breaks.put("level 4", manifest -> manifest.put("conformanceLevel", 4));
        breaks.put("level 0", manifest -> manifest.put("conformanceLevel", 0));
        breaks.put("port 70000", manifest -> manifest.withObject("/server").put("port", 70000));
        breaks.put("empty runtime name", manifest -> manifest.withObject("/runtime").put("name", ""));
        breaks.put("missing runtime version", manifest -> manifest.withObject("/runtime").remove("version"));
        breaks.put("missing health path", manifest -> manifest.withObject("/server").remove("healthPath"));
        breaks.put("missing streaming", manifest -> manifest.withObject("/capabilities").remove("streaming"));
        for (Map.Entry<String, Consumer<ObjectNode>> rule : breaks.entrySet()) {
            ObjectNode manifest = manifest();
            rule.getValue().accept(manifest);
            assertFalse(DaedalusSchemas.errors(DaedalusSchemas.RUNTIME_CONTRACT, manifest).isEmpty(), rule.getKey());
        }
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    private JsonNode card() throws Exception {
        HttpResponse<String> card = get("/.well-known/agent-card.json");
        assertEquals(200, card.statusCode());
        return JSON.readTree(card.body());
    }

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

    private static ObjectNode manifest() throws IOException {
        return (ObjectNode) JSON.readTree("""
                {"contractVersion":"v1","runtime":{"name":"my-agent","version":"1.0.0","description":"d"},
                 "server":{"port":8080,"healthPath":"/health","agentCardPath":"/.well-known/agent-card.json",
                           "taskPath":"/"},
                 "capabilities":{"streaming":true,"traceContext":true,"gracefulShutdown":true,
                                 "contextCompaction":true},
                 "conformanceLevel":3}""");
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
