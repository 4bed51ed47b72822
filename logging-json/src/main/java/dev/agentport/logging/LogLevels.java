package dev.agentport.logging;

import ch.qos.logback.classic.Level;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Reads {@code LOG_LEVEL}: one of {@link #ALLOWED}, in any case; unset or empty means INFO. */
public final class LogLevels {

    public static final String VARIABLE = "LOG_LEVEL";
    public static final List<String> ALLOWED = List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF");
    private static final int MAX_ECHOED_LENGTH = 40;

    private LogLevels() {
    }

    /** The level named by {@code value}; throws {@link IllegalArgumentException} naming the variable otherwise. */
    public static Level parse(String value) {
        if (value == null || value.isBlank()) {
            return Level.INFO;
        }
        String name = value.strip().toUpperCase(Locale.ROOT);
        if (!ALLOWED.contains(name)) {
            throw new IllegalArgumentException(VARIABLE + " must be one of " + String.join(", ", ALLOWED) + ", got '"
                    + printable(value) + "'");
        }
        return Level.toLevel(name);
    }

    /** The level {@code LOG_LEVEL} names among the server's settings. */
    public static Level from(Map<String, String> env) {
        return parse(env.get(VARIABLE));
    }

    /** At most a few dozen printable characters of a bad value, for one-line messages. */
    static String printable(String value) {
        String shown = value.length() > MAX_ECHOED_LENGTH ? value.substring(0, MAX_ECHOED_LENGTH) + "..." : value;
        StringBuilder printable = new StringBuilder();
        shown.codePoints().forEach(c -> printable.appendCodePoint(c >= 0x20 && c < 0x7f ? c : '?'));
        return printable.toString();
    }
}
