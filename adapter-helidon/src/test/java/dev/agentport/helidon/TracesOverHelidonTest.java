package dev.agentport.helidon;

import dev.agentport.helidon.OtlpCollector.ExportedSpan;
import dev.agentport.logging.OpenTelemetrySetup;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.TestAgents;
import io.opentelemetry.api.GlobalOpenTelemetry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** With OTEL_EXPORTER_OTLP_ENDPOINT set, the server's spans reach an OTLP/HTTP endpoint, in the caller's trace. */
class TracesOverHelidonTest {

    private static final String CALLER_SPAN = "00f067aa0ba902b7";
    private static final Duration EXPORT_TIMEOUT = Duration.ofSeconds(15);

    private static OtlpCollector collector;
    private static AgentPortServer server;

    @BeforeAll
    static void start() throws Exception {
        collector = new OtlpCollector();
        GlobalOpenTelemetry.resetForTest(); // earlier tests in this JVM may have fixed the no-op global
        OpenTelemetrySetup.install(Map.of(
                "OTEL_EXPORTER_OTLP_ENDPOINT", collector.endpoint(),
                "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf",
                "OTEL_BSP_SCHEDULE_DELAY", "20",
                "OTEL_SERVICE_NAME", "agentport-test"));
        server = AgentPortServer.builder().agent(TestAgents.echoContext())
                .config(RuntimeConfig.fromEnvironment(Map.of("PORT", "0"))).build().start()
                .awaitLoaded(Duration.ofSeconds(30));
        assertTrue(server.core().lifecycle().awaitSettled(10, TimeUnit.SECONDS));
    }

    @AfterAll
    static void stop() {
        server.stop();
        OpenTelemetrySetup.shutdown();
        GlobalOpenTelemetry.resetForTest();
        collector.close();
    }

    private static String post(String path, String traceId) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Content-Type", "application/json")
                .header("traceparent", "00-" + traceId + "-" + CALLER_SPAN + "-01")
                .POST(HttpRequest.BodyPublishers.ofString("{\"input\":\"hello\"}")).build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        return response.body();
    }

    private static ExportedSpan awaitSpan(String traceId, String name) throws InterruptedException {
        return collector.await(span -> span.traceId().equals(traceId) && span.name().equals(name), EXPORT_TIMEOUT)
                .orElseThrow(() -> new AssertionError("no span " + name + " in trace " + traceId + " among "
                        + collector.spans()));
    }

    @Test
    void the_server_span_is_exported_in_the_caller_s_trace_as_a_child_of_the_caller_s_span() throws Exception {
        String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
        post("/invoke", traceId);

        ExportedSpan serverSpan = awaitSpan(traceId, "POST /invoke");
        assertTrue(collector.received(HexFormat.of().parseHex(traceId)), "the caller's 16 trace id bytes arrive");
        assertEquals(ExportedSpan.KIND_SERVER, serverSpan.kind());
        assertEquals(CALLER_SPAN, serverSpan.parentSpanId());
    }

    @Test
    void the_agent_s_span_is_a_child_of_the_server_span() throws Exception {
        String traceId = "5bf92f3577b34da6a3ce929d0e0e4737";
        post("/invoke", traceId);

        ExportedSpan serverSpan = awaitSpan(traceId, "POST /invoke");
        ExportedSpan agentSpan = awaitSpan(traceId, "agent.invoke");
        assertEquals(serverSpan.spanId(), agentSpan.parentSpanId());
    }

    @Test
    void the_agent_s_span_of_a_stream_is_a_child_of_the_server_span() throws Exception {
        String traceId = "6bf92f3577b34da6a3ce929d0e0e4738";
        post("/stream", traceId);

        ExportedSpan serverSpan = awaitSpan(traceId, "POST /stream");
        ExportedSpan agentSpan = awaitSpan(traceId, "agent.stream");
        assertEquals(serverSpan.spanId(), agentSpan.parentSpanId());
    }
}
