package dev.agentport.langchain4j;

import dev.agentport.runtime.Settings;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code AGENT_MODEL_PROVIDER=openai}'s settings: defaults, what is required, and a key that is never shown. */
class OpenAiSettingsTest {

    private static final String KEY = "sk-never-shown-123";

    @Test
    void the_official_api_is_the_default_and_the_run_timeout_bounds_each_call() {
        OpenAiSettings settings = OpenAiSettings.from(Settings.of(Map.of("AGENT_MODEL_NAME", "gpt-4o-mini",
                "OPENAI_API_KEY", KEY, "AGENT_RUN_TIMEOUT_SECONDS", "20")));

        assertEquals(OpenAiSettings.DEFAULT_BASE_URL, settings.baseUrl());
        assertEquals(Duration.ofSeconds(20), settings.timeout());
    }

    @Test
    void the_key_is_never_shown() {
        OpenAiSettings settings = OpenAiSettings.from(Settings.of(Map.of("AGENT_MODEL_NAME", "m",
                "OPENAI_API_KEY", KEY)));

        assertFalse(settings.toString().contains(KEY), settings.toString());
        assertFalse(Settings.of(Map.of("OPENAI_API_KEY", KEY)).toString().contains(KEY));
    }

    @Test
    void the_base_url_shows_only_its_scheme_host_port_and_path() {
        OpenAiSettings settings = OpenAiSettings.from(Settings.of(Map.of("AGENT_MODEL_NAME", "m",
                "OPENAI_BASE_URL", "https://proxy-user:proxy-secret@llm.example.com:8443/v1?api-key=query-secret#x")));

        assertTrue(settings.toString().contains("baseUrl=https://llm.example.com:8443/v1,"), settings.toString());
        assertFalse(settings.toString().contains("secret"), settings.toString());
    }

    @Test
    void a_base_url_start_up_refuses_shows_no_credential() {
        String wrongScheme = assertThrows(IllegalArgumentException.class, () -> OpenAiSettings.from(Settings.of(
                Map.of("AGENT_MODEL_NAME", "m", "OPENAI_BASE_URL", "ftp://user:secret@llm.example.com/v1?k=secret"))))
                .getMessage();
        String noHost = assertThrows(IllegalArgumentException.class, () -> OpenAiSettings.from(Settings.of(
                Map.of("AGENT_MODEL_NAME", "m", "OPENAI_BASE_URL", "user:secret@llm.example.com/v1")))).getMessage();

        assertEquals("OPENAI_BASE_URL must be an absolute http or https URL such as https://api.openai.com/v1, got "
                + "'ftp://llm.example.com/v1'", wrongScheme);
        assertEquals("OPENAI_BASE_URL must be an absolute http or https URL such as https://api.openai.com/v1, got "
                + "a value without a host (not shown: it may hold a credential)", noHost);
    }

    @Test
    void a_missing_model_or_key_stops_start_up_naming_the_variable() {
        assertEquals("AGENT_MODEL_NAME must name the model when AGENT_MODEL_PROVIDER is openai, e.g. gpt-4o-mini",
                assertThrows(IllegalArgumentException.class, () -> OpenAiSettings.from(Settings.of(
                        Map.of("OPENAI_API_KEY", KEY)))).getMessage());
        assertEquals("OPENAI_API_KEY must be set to call https://api.openai.com/v1",
                assertThrows(IllegalArgumentException.class, () -> OpenAiSettings.from(Settings.of(
                        Map.of("AGENT_MODEL_NAME", "m")))).getMessage());
    }

    @Test
    void another_openai_compatible_server_needs_no_key_but_a_url() {
        assertEquals(null, OpenAiSettings.from(Settings.of(Map.of("AGENT_MODEL_NAME", "m",
                "OPENAI_BASE_URL", "http://127.0.0.1:11434/v1"))).apiKey());
        assertThrows(IllegalArgumentException.class, () -> OpenAiSettings.from(Settings.of(Map.of(
                "AGENT_MODEL_NAME", "m", "OPENAI_BASE_URL", "localhost:11434"))));
    }
}
