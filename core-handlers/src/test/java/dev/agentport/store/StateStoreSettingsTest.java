package dev.agentport.store;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StateStoreSettingsTest {

    private static final Duration TTL = Duration.ofHours(1);

    @Test
    void unset_means_memory() {
        assertTrue(StateStoreSettings.fromEnvironment(Map.of(), TTL).inMemory());
        assertTrue(StateStoreSettings.fromEnvironment(Map.of("AGENT_STATE_STORE", "memory"), TTL).inMemory());
    }

    @Test
    void memory_opens_the_in_memory_stores() {
        StateStores stores = StateStoreBackends.open(StateStoreSettings.memory(TTL), getClass().getClassLoader());
        assertEquals("InMemorySessionStore", stores.sessions().getClass().getSimpleName());
        assertEquals("InMemoryTaskStore", stores.tasks().getClass().getSimpleName());
        assertEquals("InMemoryMcpSessionStore", stores.mcpSessions().getClass().getSimpleName());
        assertEquals("InMemoryMcpReplies", stores.mcpReplies().getClass().getSimpleName());
    }

    @Test
    void a_value_without_a_scheme_names_the_variable() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StateStoreSettings.fromEnvironment(Map.of("AGENT_STATE_STORE", "localhost:6379"), TTL));
        assertTrue(e.getMessage().startsWith("AGENT_STATE_STORE "), e.getMessage());
    }

    @Test
    void a_password_in_the_uri_is_refused_without_echoing_it() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StateStoreSettings
                .fromEnvironment(Map.of("AGENT_STATE_STORE", "redis://user:s3cret-pw@localhost:6379"), TTL));
        assertTrue(e.getMessage().contains("AGENT_STATE_STORE_PASSWORD"), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret-pw"), e.getMessage());
    }

    @Test
    void the_password_never_shows_in_to_string() {
        StateStoreSettings settings = StateStoreSettings.fromEnvironment(Map.of("AGENT_STATE_STORE",
                "redis://localhost:6379", "AGENT_STATE_STORE_PASSWORD", "s3cret-pw"), TTL);
        assertEquals("s3cret-pw", settings.password());
        assertFalse(settings.toString().contains("s3cret-pw"), settings.toString());
    }

    @Test
    void a_scheme_no_backend_serves_stops_start_up_naming_the_known_ones() {
        StateStoreSettings settings = StateStoreSettings.fromEnvironment(
                Map.of("AGENT_STATE_STORE", "etcd://localhost:2379"), TTL);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StateStoreBackends.open(settings, getClass().getClassLoader()));
        assertTrue(e.getMessage().startsWith("AGENT_STATE_STORE names the scheme etcd"), e.getMessage());
        assertTrue(e.getMessage().contains("memory"), e.getMessage());
    }
}
