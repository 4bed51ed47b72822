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
import java.util.concurrent.TimeUnit;

/**
 * The OpenTelemetry SDK with the OTLP span exporter, configured by the standard {@code OTEL_*} variables and installed
 * as the global OpenTelemetry, but only when {@code OTEL_EXPORTER_OTLP_ENDPOINT} or
 * {@code OTEL_EXPORTER_OTLP_TRACES_ENDPOINT} is set; otherwise nothing is installed and the API stays a no-op.
 * Spans are exported over OTLP/HTTP with the JDK's HTTP client, and flushed when the JVM shuts down. The SDK's own
 * shutdown hook is off: it would stop the exporter the moment SIGTERM arrives, losing the spans of the runs that end
 * during the drain; our hook only flushes, and a server that drains flushes again once it is done.
 */
public final class OpenTelemetrySetup {

    /** What AgentPort changes in the SDK's defaults; an {@code OTEL_*} variable still wins. */
    private static final Map<String, String> DEFAULTS = Map.of(
            "otel.exporter.otlp.protocol", "http/protobuf", // the JDK sender speaks HTTP only, not gRPC
            "otel.metrics.exporter", "none",                 // AgentPort makes spans only
            "otel.logs.exporter", "none");
    private static final AttributeKey<String> SERVICE_NAME = AttributeKey.stringKey("service.name");
    private static final String DEFAULT_SERVICE_NAME = "agentport";
    private static final long FLUSH_TIMEOUT_SECONDS = 5;

    private static OpenTelemetrySdk installed;

    private OpenTelemetrySetup() {
    }

    /** Whether these variables ask for export: an OTLP endpoint, for all signals or for traces. */
    public static boolean enabled(Map<String, String> environment) {
        return isSet(environment.get("OTEL_EXPORTER_OTLP_ENDPOINT"))
                || isSet(environment.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"));
    }

    /**
     * Installs the SDK configured by the {@code OTEL_*} entries of {@code environment} when {@link #enabled} says so;
     * at most once per process, and not over an OpenTelemetry set up before (by the Java agent, say). Returns whether
     * this call or an earlier one installed the SDK.
     */
    public static synchronized boolean install(Map<String, String> environment) {
        if (installed != null) {
            return true;
        }
        if (!enabled(environment)) {
            return false;
        }
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
            return false;
        }
        installed = sdk;
        Runtime.getRuntime().addShutdownHook(new Thread(OpenTelemetrySetup::flush, "agentport-trace-flush"));
        log.info("OpenTelemetry tracing on: spans exported over OTLP");
        return true;
    }

    /** Exports the spans ended so far and waits for it (Lambda freezes the process between invocations). */
    public static void flush() {
        OpenTelemetrySdk sdk;
        synchronized (OpenTelemetrySetup.class) {
            sdk = installed;
        }
        if (sdk != null) {
            sdk.getSdkTracerProvider().forceFlush().join(FLUSH_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** Flushes and stops the installed SDK, if any; the global OpenTelemetry is left as it is. */
    public static synchronized void shutdown() {
        if (installed != null) {
            installed.shutdown().join(FLUSH_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            installed = null;
        }
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

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }
}
