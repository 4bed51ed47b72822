package dev.agentport.logging;

/**
 * The one call every target makes at start-up, before it builds the core: checks {@code LOG_LEVEL} and turns on
 * OpenTelemetry export when the {@code OTEL_*} variables ask for it.
 */
public final class Observability {

    private Observability() {
    }

    /** Throws {@link IllegalArgumentException} naming the variable when {@code LOG_LEVEL} is not a level. */
    public static void start() {
        LogLevels.fromEnvironment();
        OpenTelemetrySetup.install(System.getenv());
    }

    /** Exports the spans ended so far; a no-op when tracing is off. Lambda calls it at the end of each invocation. */
    public static void flush() {
        OpenTelemetrySetup.flush();
    }
}
