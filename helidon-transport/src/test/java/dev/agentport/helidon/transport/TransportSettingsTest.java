package dev.agentport.helidon.transport;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The slow-client timeouts: defaults, and invalid values named in one line. */
class TransportSettingsTest {

    @Test
    void defaults_bound_headers_bodies_and_idle_connections() {
        assertEquals(new TransportSettings(Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(60)),
                TransportSettings.fromEnvironment(Map.of()));
    }

    @Test
    void each_timeout_is_read_from_its_variable() {
        assertEquals(new TransportSettings(Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(4)),
                TransportSettings.fromEnvironment(Map.of("AGENT_HEADER_TIMEOUT_SECONDS", "2",
                        "AGENT_BODY_TIMEOUT_SECONDS", "3", "AGENT_IDLE_TIMEOUT_SECONDS", " 4 ")));
    }

    @Test
    void an_invalid_timeout_names_its_variable() {
        for (String name : new String[]{"AGENT_HEADER_TIMEOUT_SECONDS", "AGENT_BODY_TIMEOUT_SECONDS",
                "AGENT_IDLE_TIMEOUT_SECONDS"}) {
            for (String value : new String[]{"x", "0", "-1", "3601", "1.5"}) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> TransportSettings.fromEnvironment(Map.of(name, value)));
                assertTrue(e.getMessage().startsWith(name + " must be"), e.getMessage());
                assertTrue(!e.getMessage().contains("\n"), e.getMessage());
            }
        }
    }
}
