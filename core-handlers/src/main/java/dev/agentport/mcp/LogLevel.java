package dev.agentport.mcp;

import java.util.Locale;
import java.util.Optional;

/** The log levels of MCP's {@code notifications/message} (RFC 5424's severities), least severe first. */
enum LogLevel {
    DEBUG, INFO, NOTICE, WARNING, ERROR, CRITICAL, ALERT, EMERGENCY;

    /** The level a protocol value names ({@code "info"}, ...), or empty for anything else. */
    static Optional<LogLevel> of(String value) {
        for (LogLevel level : values()) {
            if (level.wire().equals(value)) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }

    String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
