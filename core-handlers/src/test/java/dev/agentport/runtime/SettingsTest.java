package dev.agentport.runtime;

import dev.agentport.defaultagent.DefaultAgent;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SettingsTest {

    @Test
    void given_variables_are_copied_and_shown_by_name_only() {
        Map<String, String> variables = new HashMap<>(Map.of("AGENT_AUTH_TOKEN", "s3cret", "PORT", "9090"));
        Settings settings = Settings.of(variables);
        variables.put("PORT", "1");

        assertEquals("9090", settings.get("PORT"));
        assertNull(settings.get("AGENT_NAME"));
        assertEquals("Settings[AGENT_AUTH_TOKEN, PORT]", settings.toString());
        assertFalse(settings.toString().contains("s3cret"));
        assertEquals(9090, RuntimeConfig.from(settings).port());
    }

    @Test
    void the_default_agent_parses_its_own_and_names_the_variable_it_refuses() {
        IllegalArgumentException delay = assertThrows(IllegalArgumentException.class,
                () -> DefaultAgent.from(Settings.of(Map.of(DefaultAgent.WORD_DELAY_VARIABLE, "soon"))));
        assertEquals("DEFAULT_AGENT_WORD_DELAY_MS must be a whole number of milliseconds, got 'soon'",
                delay.getMessage());
        IllegalArgumentException budget = assertThrows(IllegalArgumentException.class,
                () -> DefaultAgent.from(Settings.of(Map.of(DefaultAgent.CONTEXT_BUDGET_VARIABLE, "99"))));
        assertEquals("DEFAULT_AGENT_CONTEXT_BUDGET_TOKENS must be a whole number of at least 100, got '99'",
                budget.getMessage());
    }
}
