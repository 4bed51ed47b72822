package dev.agentport.parity;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.contract.ContractCases;
import dev.agentport.json.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * On every target, the {@code trace_id} of an error body is the one on that request's access-log line, whether the
 * caller sent a {@code traceparent} or not.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TraceIdLogParityTest {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String TRACEPARENT = "00-" + TRACE + "-00f067aa0ba902b7-01";
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final Map<TargetDefinition, LocalRunner> runners = new LinkedHashMap<>();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(WAIT).build();

    @BeforeAll
    void startTargets() {
        Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
        List<TargetDefinition> definitions = TargetDefinition.selected();
        List<CompletableFuture<LocalRunner>> starting = new ArrayList<>();
        for (TargetDefinition definition : definitions) {
            starting.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return LocalRunner.start(root, definition.name(), definition.script(), definition.env());
                } catch (Exception e) {
                    throw new IllegalStateException("could not start " + definition.name() + ": " + e.getMessage(),
                            e);
                }
            }));
        }
        for (int i = 0; i < definitions.size(); i++) {
            runners.put(definitions.get(i), starting.get(i).join());
        }
    }

    @AfterAll
    void stopTargets() throws Exception {
        for (LocalRunner runner : runners.values()) {
            runner.close();
        }
    }

    @TestFactory
    Stream<DynamicContainer> an_errors_trace_id_is_on_its_access_log_line_on_every_target() {
        return runners.entrySet().stream().map(entry -> DynamicContainer.dynamicContainer(entry.getKey().name(),
                Stream.of(
                        DynamicTest.dynamicTest("without_traceparent", () -> {
                            String traceId = errorTraceId(entry.getValue(), null);
                            assertTrue(traceId.matches("[0-9a-f]{32}"), traceId);
                            assertOnAnAccessLine(entry.getValue(), traceId);
                        }),
                        DynamicTest.dynamicTest("with_traceparent", () -> {
                            assertEquals(TRACE, errorTraceId(entry.getValue(), TRACEPARENT));
                            assertOnAnAccessLine(entry.getValue(), TRACE);
                        }))));
    }

    /** The trace id of the INVALID_JSON error a half-written body gets. */
    private String errorTraceId(LocalRunner runner, String traceparent) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(runner.baseUrl() + "/invoke"))
                .timeout(WAIT)
                .header("Authorization", "Bearer " + ContractCases.TOKEN)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"input\": "));
        if (traceparent != null) {
            request.header("traceparent", traceparent);
        }
        HttpResponse<String> answer = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode body = Json.MAPPER.readTree(answer.body());
        assertEquals("INVALID_JSON", body.at("/error/code").asText(), answer.body());
        return body.get("trace_id").asText();
    }

    /** Waits a moment for the line: some targets hand log lines to a background writer. */
    private static void assertOnAnAccessLine(LocalRunner runner, String traceId) throws Exception {
        Instant deadline = Instant.now().plus(WAIT);
        while (Instant.now().isBefore(deadline)) {
            if (runner.log().lines().anyMatch(line -> isAccessLine(line, traceId))) {
                return;
            }
            Thread.sleep(100);
        }
        fail("no access-log line with trace_id " + traceId + ":\n" + runner.logTail());
    }

    private static boolean isAccessLine(String line, String traceId) {
        if (!line.startsWith("{") || !line.contains(traceId)) {
            return false;
        }
        try {
            JsonNode json = Json.MAPPER.readTree(line);
            return json.path("logger_name").asText().equals("dev.agentport.access")
                    && json.path("path").asText().equals("/invoke")
                    && json.path("trace_id").asText().equals(traceId);
        } catch (Exception notJson) {
            return false;
        }
    }
}
