package dev.agentport.logging;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** The SDK's set-up for {@link OpenTelemetrySetup}, in a class of its own that is loaded only when tracing is on. */
final class OtlpTracing {

    /** What AgentPort changes in the SDK's defaults; an {@code OTEL_*} variable still wins. */
    private static final Map<String, String> DEFAULTS = Map.of(
            "otel.exporter.otlp.protocol", "http/protobuf", // the JDK sender speaks HTTP only, not gRPC
            "otel.metrics.exporter", "none",                 // AgentPort makes spans only
            "otel.logs.exporter", "none");
    private static final AttributeKey<String> SERVICE_NAME = AttributeKey.stringKey("service.name");
    private static final String DEFAULT_SERVICE_NAME = "agentport";

    private OtlpTracing() {
    }

    /**
     * The SDK configured by the {@code OTEL_*} entries of {@code environment}, set as the global OpenTelemetry; null
     * (and the SDK closed) when an OpenTelemetry was set up before.
     */
    static OpenTelemetrySdk installGlobally(Map<String, String> environment) {
        OpenTelemetrySdk sdk = AutoConfiguredOpenTelemetrySdk.builder()
                .addPropertiesSupplier(() -> DEFAULTS)
                .addPropertiesCustomizer(config -> properties(environment))
                .addResourceCustomizer((resource, config) -> named(resource))
                .addTracerProviderCustomizer((tracing, config) -> tracing.setIdGenerator(new SecureRandomIds()))
                .disableShutdownHook()
                .build()
                .getOpenTelemetrySdk();
        Logger log = LoggerFactory.getLogger(OpenTelemetrySetup.class);
        try {
            GlobalOpenTelemetry.set(sdk);
        } catch (IllegalStateException alreadySet) {
            sdk.close();
            log.warn("OpenTelemetry was already set up (by the OpenTelemetry Java agent?); AgentPort uses that one");
            return null;
        }
        log.info("OpenTelemetry tracing on: spans exported over OTLP");
        return sdk;
    }

    /** {@code OTEL_EXPORTER_OTLP_ENDPOINT} becomes {@code otel.exporter.otlp.endpoint}, as the SDK names them. */
    private static Map<String, String> properties(Map<String, String> environment) {
        Map<String, String> properties = new HashMap<>();
        environment.forEach((name, value) -> {
            if (name.startsWith("OTEL_") && value != null) {
                properties.put(name.toLowerCase(Locale.ROOT).replace('_', '.'), value);
            }
        });
        return properties;
    }

    private static Resource named(Resource resource) {
        String name = resource.getAttribute(SERVICE_NAME);
        if (name != null && !name.startsWith("unknown_service")) {
            return resource;
        }
        return resource.merge(Resource.create(Attributes.of(SERVICE_NAME, DEFAULT_SERVICE_NAME)));
    }
}
