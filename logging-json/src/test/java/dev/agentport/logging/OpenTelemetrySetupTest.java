package dev.agentport.logging;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OpenTelemetrySetupTest {

    @Test
    void nothing_is_installed_without_an_otlp_endpoint() {
        assertFalse(OpenTelemetrySetup.install(Map.of("OTEL_SERVICE_NAME", "agent", "OTEL_EXPORTER_OTLP_ENDPOINT", " ")));
    }

    @Test
    void an_otlp_endpoint_for_all_signals_or_for_traces_turns_export_on() {
        assertTrue(OpenTelemetrySetup.enabled(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318")));
        assertTrue(OpenTelemetrySetup.enabled(Map.of("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
                "http://collector:4318/v1/traces")));
        assertFalse(OpenTelemetrySetup.enabled(Map.of("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT", "http://collector:4318")));
    }
}
