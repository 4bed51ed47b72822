package dev.agentport.helidon.transport;

import java.time.Duration;
import java.util.Map;

/**
 * How long a listener waits for slow or silent clients. An invalid value stops start-up with a message naming the
 * variable.
 *
 * @param headerTimeout {@code AGENT_HEADER_TIMEOUT_SECONDS}: from the end of the request line to the end of the
 *                      headers (default 10); past it the client gets 408 and the connection is closed
 * @param bodyTimeout   {@code AGENT_BODY_TIMEOUT_SECONDS}: to send the whole request body (default 30); past it the
 *                      connection is closed
 * @param idleTimeout   {@code AGENT_IDLE_TIMEOUT_SECONDS}: how long a keep-alive connection may wait for its next
 *                      request, or take to send a request line (default 60)
 */
public record TransportSettings(Duration headerTimeout, Duration bodyTimeout, Duration idleTimeout) {

    public static final int DEFAULT_HEADER_TIMEOUT_SECONDS = 10;
    public static final int DEFAULT_BODY_TIMEOUT_SECONDS = 30;
    public static final int DEFAULT_IDLE_TIMEOUT_SECONDS = 60;
    private static final int MAX_SECONDS = 3_600;

    /** From the server's settings, as named variables (the environment read once at start-up). */
    public static TransportSettings fromEnvironment(Map<String, String> env) {
        return new TransportSettings(
                seconds(env, "AGENT_HEADER_TIMEOUT_SECONDS", DEFAULT_HEADER_TIMEOUT_SECONDS),
                seconds(env, "AGENT_BODY_TIMEOUT_SECONDS", DEFAULT_BODY_TIMEOUT_SECONDS),
                seconds(env, "AGENT_IDLE_TIMEOUT_SECONDS", DEFAULT_IDLE_TIMEOUT_SECONDS));
    }

    private static Duration seconds(Map<String, String> env, String name, int fallback) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            return Duration.ofSeconds(fallback);
        }
        int parsed;
        try {
            parsed = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number of seconds, got '" + value.strip()
                    + "'");
        }
        if (parsed < 1 || parsed > MAX_SECONDS) {
            throw new IllegalArgumentException(name + " must be between 1 and " + MAX_SECONDS + ", got " + parsed);
        }
        return Duration.ofSeconds(parsed);
    }
}
