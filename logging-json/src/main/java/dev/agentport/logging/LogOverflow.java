package dev.agentport.logging;

import java.util.Locale;
import java.util.Map;

/**
 * Reads {@code LOG_OVERFLOW}: what a server that writes its log lines in the background does when they come faster
 * than stdout takes them and its queue is full. {@code block} (the default) makes the logging thread wait for room,
 * so no line is ever lost; {@code drop} drops the line instead, so a slow log reader can never slow requests down.
 */
public enum LogOverflow {
    BLOCK, DROP;

    public static final String VARIABLE = "LOG_OVERFLOW";

    /** The choice named by {@code value}; throws {@link IllegalArgumentException} naming the variable otherwise. */
    public static LogOverflow parse(String value) {
        if (value == null || value.isBlank()) {
            return BLOCK;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "block" -> BLOCK;
            case "drop" -> DROP;
            default -> throw new IllegalArgumentException(VARIABLE + " must be block or drop, got '"
                    + LogLevels.printable(value) + "'");
        };
    }

    /** The choice {@code LOG_OVERFLOW} names among the server's settings. */
    public static LogOverflow from(Map<String, String> env) {
        return parse(env.get(VARIABLE));
    }
}
