package dev.agentport.runtime;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RuntimeConfigTest {

    @Test
    void defaults_apply_when_nothing_is_set() {
        RuntimeConfig config = RuntimeConfig.fromEnvironment(Map.of());
        assertEquals(8080, config.port());
        assertFalse(config.authEnabled());
        assertEquals(1024 * 1024, config.maxBodyBytes());
        assertEquals(Duration.ZERO, config.runTimeout());
        assertEquals(Duration.ofSeconds(8), config.shutdownGrace());
        assertNull(config.agentName());
    }

    @Test
    void every_variable_is_read() {
        RuntimeConfig config = RuntimeConfig.fromEnvironment(Map.of("PORT", "9000", "AGENT_AUTH_TOKEN", " t ",
                "AGENT_NAME", "n", "AGENT_VERSION", "2.0.0", "AGENT_FRAMEWORK", "langchain4j",
                "AGENT_MAX_BODY_BYTES", "2048", "AGENT_RUN_TIMEOUT_SECONDS", "30",
                "AGENT_SHUTDOWN_GRACE_SECONDS", "3", "AGENT_PUBLIC_URL", "https://x.example"));
        assertEquals(9000, config.port());
        assertEquals("t", config.authToken());
        assertEquals("n", config.agentName());
        assertEquals("2.0.0", config.agentVersion());
        assertEquals("langchain4j", config.agentFramework());
        assertEquals(2048, config.maxBodyBytes());
        assertEquals(Duration.ofSeconds(30), config.runTimeout());
        assertEquals(Duration.ofSeconds(3), config.shutdownGrace());
        assertEquals("https://x.example", config.publicUrl());
    }

    @Test
    void invalid_number_names_the_variable() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.fromEnvironment(Map.of("PORT", "eighty")));
        assertTrue(error.getMessage().contains("PORT"));
    }

    @Test
    void out_of_range_number_names_the_variable() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.fromEnvironment(Map.of("AGENT_MAX_BODY_BYTES", "0")));
        assertTrue(error.getMessage().contains("AGENT_MAX_BODY_BYTES"));
    }

    @Test
    void to_string_never_shows_the_token() {
        assertFalse(RuntimeConfig.fromEnvironment(Map.of("AGENT_AUTH_TOKEN", "very-secret")).toString()
                .contains("very-secret"));
    }
}
