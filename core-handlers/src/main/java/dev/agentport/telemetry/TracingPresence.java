package dev.agentport.telemetry;

import dev.agentport.base.TracingInstalled;

import java.util.Map;

/**
 * Whether an OpenTelemetry SDK can be behind the global OpenTelemetry: one installed by the logging module
 * ({@link TracingInstalled}), an OTLP endpoint in the settings (for which it installs one), the OpenTelemetry Java
 * agent on the class path, or the API's own global autoconfiguration asked for. Otherwise the core makes no spans and
 * never touches {@code GlobalOpenTelemetry}: its first use looks the SDK's autoconfiguration up and sets up
 * {@code java.util.logging}, about a twentieth of a Lambda cold start, for spans that would go nowhere.
 */
public final class TracingPresence {

    /** The Java agent's premain class: the agent's jar is appended to the system class path. */
    private static final String JAVA_AGENT_CLASS = "io/opentelemetry/javaagent/OpenTelemetryAgent.class";
    private static final String GLOBAL_AUTOCONFIGURE = "otel.java.global-autoconfigure.enabled";

    private TracingPresence() {
    }

    /** Whether spans can be exported under these settings' variables (and this JVM's agent and properties). */
    public static boolean of(Map<String, String> variables) {
        return TracingInstalled.marked()
                || isSet(variables.get("OTEL_EXPORTER_OTLP_ENDPOINT"))
                || isSet(variables.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))
                || "true".equalsIgnoreCase(variables.get("OTEL_JAVA_GLOBAL_AUTOCONFIGURE_ENABLED"))
                || Boolean.getBoolean(GLOBAL_AUTOCONFIGURE)
                || ClassLoader.getSystemClassLoader().getResource(JAVA_AGENT_CLASS) != null;
    }

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }
}
