package dev.agentport.runtime;

import java.time.Duration;
import java.util.Map;

/**
 * Every setting of the runtime, read once from environment variables at start-up. An invalid value stops start-up
 * with a message that names the variable. The README's configuration table lists the same variables and defaults.
 *
 * @param port            {@code PORT}: where the server listens (default 8080; Cloud Run sets it)
 * @param authToken       {@code AGENT_AUTH_TOKEN}: the bearer token protected endpoints require; empty disables auth
 * @param agentName       {@code AGENT_NAME}: overrides the agent's own name, or {@code null}
 * @param agentVersion    {@code AGENT_VERSION}: overrides the agent's own version, or {@code null}
 * @param agentFramework  {@code AGENT_FRAMEWORK}: framework hint shown by /health and the card, or {@code null}
 * @param maxBodyBytes    {@code AGENT_MAX_BODY_BYTES}: largest request body accepted (default 1 MiB); larger gets 413
 * @param runTimeout      {@code AGENT_RUN_TIMEOUT_SECONDS}: longest a run may take (default 0 = no limit beyond the
 *                        platform's own deadline)
 * @param shutdownGrace   {@code AGENT_SHUTDOWN_GRACE_SECONDS}: how long in-flight requests may finish after SIGTERM
 *                        (default 8, inside Cloud Run's 10 s)
 * @param publicUrl       {@code AGENT_PUBLIC_URL}: the URL callers use, for the agent card and OpenAPI {@code servers};
 *                        {@code null} leaves them relative
 */
public record RuntimeConfig(int port,
                            String authToken,
                            String agentName,
                            String agentVersion,
                            String agentFramework,
                            int maxBodyBytes,
                            Duration runTimeout,
                            Duration shutdownGrace,
                            String publicUrl) {

    public static final int DEFAULT_PORT = 8080;
    public static final int DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
    public static final int DEFAULT_SHUTDOWN_GRACE_SECONDS = 8;

    public RuntimeConfig {
        authToken = authToken == null ? "" : authToken.strip();
    }

    /** Defaults everywhere: port 8080, auth off, 1 MiB bodies. */
    public static RuntimeConfig defaults() {
        return fromEnvironment(Map.of());
    }

    public static RuntimeConfig fromEnvironment() {
        return fromEnvironment(System.getenv());
    }

    public static RuntimeConfig fromEnvironment(Map<String, String> env) {
        return new RuntimeConfig(
                intValue(env, "PORT", DEFAULT_PORT, 0, 65535),
                env.getOrDefault("AGENT_AUTH_TOKEN", ""),
                text(env, "AGENT_NAME"),
                text(env, "AGENT_VERSION"),
                text(env, "AGENT_FRAMEWORK"),
                intValue(env, "AGENT_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES, 1, 256 * 1024 * 1024),
                Duration.ofSeconds(intValue(env, "AGENT_RUN_TIMEOUT_SECONDS", 0, 0, 86_400)),
                Duration.ofSeconds(intValue(env, "AGENT_SHUTDOWN_GRACE_SECONDS",
                        DEFAULT_SHUTDOWN_GRACE_SECONDS, 0, 3_600)),
                text(env, "AGENT_PUBLIC_URL"));
    }

    public boolean authEnabled() {
        return !authToken.isEmpty();
    }

    /** A copy with another port; used by tests and local runners that pick a free port. */
    public RuntimeConfig withPort(int newPort) {
        return new RuntimeConfig(newPort, authToken, agentName, agentVersion, agentFramework, maxBodyBytes,
                runTimeout, shutdownGrace, publicUrl);
    }

    public RuntimeConfig withAuthToken(String token) {
        return new RuntimeConfig(port, token, agentName, agentVersion, agentFramework, maxBodyBytes,
                runTimeout, shutdownGrace, publicUrl);
    }

    public RuntimeConfig withMaxBodyBytes(int bytes) {
        return new RuntimeConfig(port, authToken, agentName, agentVersion, agentFramework, bytes,
                runTimeout, shutdownGrace, publicUrl);
    }

    /** Never prints the token. */
    @Override
    public String toString() {
        return "RuntimeConfig[port=" + port + ", auth=" + (authEnabled() ? "on" : "off")
                + ", agentName=" + agentName + ", agentVersion=" + agentVersion + ", agentFramework=" + agentFramework
                + ", maxBodyBytes=" + maxBodyBytes + ", runTimeout=" + runTimeout
                + ", shutdownGrace=" + shutdownGrace + ", publicUrl=" + publicUrl + "]";
    }

    private static String text(Map<String, String> env, String name) {
        String value = env.get(name);
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static int intValue(Map<String, String> env, String name, int fallback, int min, int max) {
        String value = text(env, name);
        if (value == null) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value);
            if (parsed < min || parsed > max) {
                throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", got " + value);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, got '" + value + "'");
        }
    }
}
