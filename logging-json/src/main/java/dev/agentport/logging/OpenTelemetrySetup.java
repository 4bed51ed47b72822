package dev.agentport.logging;

import dev.agentport.base.TracingInstalled;
import io.opentelemetry.sdk.OpenTelemetrySdk;

import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The OpenTelemetry SDK with the OTLP span exporter, configured by the standard {@code OTEL_*} variables and installed
 * as the global OpenTelemetry, but only when {@code OTEL_EXPORTER_OTLP_ENDPOINT} or
 * {@code OTEL_EXPORTER_OTLP_TRACES_ENDPOINT} is set; otherwise nothing is installed, the API stays a no-op, and no
 * OpenTelemetry class is loaded here ({@link OtlpTracing} holds the SDK's set-up). Spans are exported over OTLP/HTTP
 * with the JDK's HTTP client, and flushed when the JVM shuts down. The SDK's own shutdown hook is off: it would stop
 * the exporter the moment SIGTERM arrives, losing the spans of the runs that end during the drain; our hook only
 * flushes, and a server that drains flushes again once it is done.
 */
public final class OpenTelemetrySetup {

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
        OpenTelemetrySdk sdk = OtlpTracing.installGlobally(environment);
        if (sdk == null) {
            return false;
        }
        installed = sdk;
        TracingInstalled.mark();
        Runtime.getRuntime().addShutdownHook(new Thread(OpenTelemetrySetup::flush, "agentport-trace-flush"));
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

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }
}
