package dev.agentport.logging;

import ch.qos.logback.classic.Level;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LogLevelsTest {

    @Test
    void an_invalid_log_level_stops_start_up_with_one_line_naming_the_variable_and_the_allowed_values() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> LogLevels.parse("LOUD"));
        assertEquals("LOG_LEVEL must be one of TRACE, DEBUG, INFO, WARN, ERROR, OFF, got 'LOUD'", error.getMessage());
    }

    @Test
    void an_unset_or_empty_log_level_is_info() {
        assertEquals(Level.INFO, LogLevels.parse(null));
        assertEquals(Level.INFO, LogLevels.parse(" "));
    }

    @Test
    void log_levels_are_read_in_any_case() {
        assertEquals(Level.DEBUG, LogLevels.parse("debug"));
        assertEquals(Level.WARN, LogLevels.parse(" Warn "));
        assertEquals(Level.OFF, LogLevels.parse("OFF"));
    }

    @Test
    void the_message_shows_only_printable_characters_of_the_bad_value() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> LogLevels.parse("LOUD\nforged line"));
        assertEquals(1, error.getMessage().lines().count());
    }
}
