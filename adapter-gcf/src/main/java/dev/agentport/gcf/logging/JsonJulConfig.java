package dev.agentport.gcf.logging;

import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * {@code -Djava.util.logging.config.class=dev.agentport.gcf.logging.JsonJulConfig}: java.util.logging, which the
 * Functions Framework invoker and its Jetty (through SLF4J's JUL provider) log with, writes one JSON object per line
 * on stdout, like the function's own logs. The JVM creates this class before the first log record, at
 * {@code LOG_LEVEL} (default INFO). On Cloud Functions the invoker installs its own JSON handler instead.
 *
 * <p>It cannot stop start-up (the JVM reports what it throws and goes on) nor be handed the function's settings, so it
 * reads the environment itself and takes a level it does not know as INFO: the function, which the invoker builds
 * next, stops start-up on it with its one {@code agentport cannot start} line.
 */
public final class JsonJulConfig {

    public JsonJulConfig() {
        LogManager.getLogManager().reset();
        Logger root = Logger.getLogger("");
        root.setLevel(level(System.getenv("LOG_LEVEL")));
        root.addHandler(new JsonLineHandler(System.out));
    }

    static Level level(String name) {
        if (name == null) {
            return Level.INFO;
        }
        return switch (name.strip().toUpperCase(java.util.Locale.ROOT)) {
            case "TRACE", "ALL" -> Level.FINEST;
            case "DEBUG" -> Level.FINE;
            case "WARN", "WARNING" -> Level.WARNING;
            case "ERROR" -> Level.SEVERE;
            case "OFF" -> Level.OFF;
            default -> Level.INFO;
        };
    }
}
