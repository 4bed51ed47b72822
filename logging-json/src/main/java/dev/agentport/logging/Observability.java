package dev.agentport.logging;

import ch.qos.logback.classic.LoggerContext;
import org.slf4j.LoggerFactory;

import java.util.Map;

/**
 * The one call every target makes at start-up, before it builds the core: checks {@code LOG_LEVEL} and turns on
 * OpenTelemetry export when the {@code OTEL_*} variables ask for it.
 */
public final class Observability {

    private Observability() {
    }

    /**
     * From the server's settings, as named variables. Throws {@link IllegalArgumentException} naming the variable when
     * {@code LOG_LEVEL} is not a level.
     */
    public static void start(Map<String, String> env) {
        LogLevels.from(env);
        OpenTelemetrySetup.install(env);
    }

    /** Exports the spans ended so far; a no-op when tracing is off. Lambda calls it at the end of each invocation. */
    public static void flush() {
        OpenTelemetrySetup.flush();
    }

    /**
     * For a long-running server: log lines are written to stdout by a background thread from now on, as
     * {@code LOG_OVERFLOW} says (throws {@link IllegalArgumentException} naming it when it is neither {@code block} nor
     * {@code drop}). The server must call {@link #drainLogs()} last when it stops, or the buffered lines are lost.
     */
    public static void writeLogsInBackground(Map<String, String> env) {
        LogOverflow overflow = LogOverflow.from(env);
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            BackgroundLogging.start(context, overflow);
        }
    }

    /** Writes the log lines still buffered or queued (within a few seconds) and logs on the calling threads again. */
    public static void drainLogs() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            BackgroundLogging.drain(context);
        }
    }
}
