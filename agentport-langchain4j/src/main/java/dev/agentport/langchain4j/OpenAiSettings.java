package dev.agentport.langchain4j;

import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.runtime.Settings;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;

/**
 * The built-in OpenAI agent's settings. {@link #toString()} never shows the key, nor a credential in the base URL.
 *
 * @param modelName    {@code AGENT_MODEL_NAME}: the model, e.g. {@code gpt-4o-mini}; required
 * @param baseUrl      {@code OPENAI_BASE_URL}: the API's base URL (default {@value #DEFAULT_BASE_URL}); any
 *                     OpenAI-compatible server works
 * @param apiKey       {@code OPENAI_API_KEY}: sent as a bearer token; required for the official API, optional for
 *                     another server
 * @param systemPrompt {@code AGENT_SYSTEM_PROMPT}: the system message, or {@code null}
 * @param timeout      the longest one model call may take: the run timeout ({@code AGENT_RUN_TIMEOUT_SECONDS}), so a
 *                     call the run stopped waiting for does not outlive it; {@code null} for LangChain4j's default
 */
public record OpenAiSettings(String modelName, String baseUrl, String apiKey, String systemPrompt, Duration timeout) {

    public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";

    public static OpenAiSettings from(Settings settings) {
        String model = text(settings, "AGENT_MODEL_NAME");
        if (model == null) {
            throw new IllegalArgumentException("AGENT_MODEL_NAME must name the model when AGENT_MODEL_PROVIDER is "
                    + "openai, e.g. gpt-4o-mini");
        }
        String baseUrl = text(settings, "OPENAI_BASE_URL");
        if (baseUrl == null) {
            baseUrl = DEFAULT_BASE_URL;
        } else if (!isHttpUrl(baseUrl)) {
            String shown = shown(baseUrl);
            throw new IllegalArgumentException("OPENAI_BASE_URL must be an absolute http or https URL such as "
                    + DEFAULT_BASE_URL + ", got " + (shown != null ? "'" + shown + "'"
                    : "a value without a host (not shown: it may hold a credential)"));
        }
        String apiKey = text(settings, "OPENAI_API_KEY");
        if (apiKey == null && baseUrl.equals(DEFAULT_BASE_URL)) {
            throw new IllegalArgumentException("OPENAI_API_KEY must be set to call " + DEFAULT_BASE_URL);
        }
        return new OpenAiSettings(model, baseUrl, apiKey, text(settings, "AGENT_SYSTEM_PROMPT"),
                RuntimeConfig.from(settings).runTimeout());
    }

    private static boolean isHttpUrl(String value) {
        try {
            URI uri = URI.create(value);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The URL's scheme, host, port and path, or {@code null} when it has no host: a user name, password, query or
     * fragment may hold a credential, and a log line or an error message must not show one.
     */
    static String shown(String url) {
        try {
            URI uri = new URI(url);
            if (uri.getHost() == null) {
                return null;
            }
            return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() == -1 ? "" : ":" + uri.getPort())
                    + (uri.getRawPath() == null ? "" : uri.getRawPath());
        } catch (URISyntaxException e) {
            return null;
        }
    }

    private static String text(Settings settings, String name) {
        String value = settings.get(name);
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** Never prints the key (only whether one is set), nor the base URL's user, password or query. */
    @Override
    public String toString() {
        return "OpenAiSettings[modelName=" + modelName + ", baseUrl=" + shown(baseUrl) + ", apiKey="
                + (apiKey == null ? "unset" : "set") + ", systemPrompt=" + (systemPrompt == null ? "unset" : "set")
                + ", timeout=" + timeout + "]";
    }
}
