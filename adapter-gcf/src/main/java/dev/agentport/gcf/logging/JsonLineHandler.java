package dev.agentport.gcf.logging;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;

/**
 * A java.util.logging handler writing each record as one JSON object on one line, with the fields of the project's
 * Logback set-up ({@code time}, {@code severity}, {@code message}, {@code logger_name}, {@code thread_name},
 * {@code stack_trace}). JDK classes only: it runs beside the invoker, outside the function's classpath.
 */
final class JsonLineHandler extends Handler {

    private final PrintStream out;
    private final SimpleFormatter parameters = new SimpleFormatter();

    JsonLineHandler(PrintStream out) {
        this.out = out;
    }

    @Override
    public void publish(LogRecord record) {
        if (!isLoggable(record)) {
            return;
        }
        StringBuilder json = new StringBuilder(256).append('{');
        field(json, "time", Instant.ofEpochMilli(record.getMillis()).toString()).append(',');
        field(json, "severity", severity(record.getLevel())).append(',');
        field(json, "message", parameters.formatMessage(record)).append(',');
        field(json, "logger_name", String.valueOf(record.getLoggerName())).append(',');
        field(json, "thread_name", Thread.currentThread().getName());
        if (record.getThrown() != null) {
            StringWriter trace = new StringWriter();
            record.getThrown().printStackTrace(new PrintWriter(trace));
            json.append(',');
            field(json, "stack_trace", trace.toString());
        }
        out.println(json.append('}'));
    }

    static String severity(Level level) {
        int value = level.intValue();
        if (value >= Level.SEVERE.intValue()) {
            return "ERROR";
        }
        if (value >= Level.WARNING.intValue()) {
            return "WARN";
        }
        if (value >= Level.INFO.intValue()) {
            return "INFO";
        }
        return value >= Level.FINE.intValue() ? "DEBUG" : "TRACE";
    }

    private static StringBuilder field(StringBuilder json, String name, String value) {
        json.append('"').append(name).append("\":\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        return json.append('"');
    }

    @Override
    public void flush() {
        out.flush();
    }

    @Override
    public void close() {
        flush();
    }
}
