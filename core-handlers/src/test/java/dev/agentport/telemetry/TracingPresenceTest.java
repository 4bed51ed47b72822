package dev.agentport.telemetry;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TracingPresenceTest {

    @Test
    void without_an_otlp_endpoint_the_java_agent_or_global_autoconfigure_there_is_no_tracing() {
        assertFalse(TracingPresence.of(Map.of()));
        assertFalse(TracingPresence.of(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", " ", "OTEL_SERVICE_NAME", "agent")));
    }

    @Test
    void an_otlp_endpoint_for_all_signals_or_for_traces_turns_tracing_on() {
        assertTrue(TracingPresence.of(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318")));
        assertTrue(TracingPresence.of(Map.of("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://collector:4318/v1/traces")));
    }

    @Test
    void the_api_s_global_autoconfigure_turns_tracing_on() {
        assertTrue(TracingPresence.of(Map.of("OTEL_JAVA_GLOBAL_AUTOCONFIGURE_ENABLED", "true")));
    }
}
