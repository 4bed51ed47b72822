package dev.agentport.runtime;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;


/**
 * Every setting of the runtime, read once from environment variables at start-up. An invalid value stops start-up
 * with a message that names the variable. The README's configuration table lists the same variables and defaults.
 *
 * @param port           {@code PORT}, or its synonym {@code A2A_PORT}: where the server listens (default 8080)
 * @param authToken      {@code AGENT_AUTH_TOKEN}: the bearer token protected endpoints require; empty disables auth
 * @param agentName      {@code AGENT_NAME}: overrides the agent's own name, or {@code null}
 * @param agentVersion   {@code AGENT_VERSION}: overrides the agent's own version, or {@code null}
 * @param agentFramework {@code AGENT_FRAMEWORK}: framework hint shown by /health and the card, or {@code null}
 * @param maxBodyBytes   {@code AGENT_MAX_BODY_BYTES}: largest request body accepted (default 1 MiB); larger gets 413
 * @param runTimeout     {@code AGENT_RUN_TIMEOUT_SECONDS}: longest a run may take (default 300 s, Cloud Run's default
 *                       request timeout; a platform's own earlier deadline still wins)
 * @param shutdownGrace  {@code AGENT_SHUTDOWN_GRACE_SECONDS}, else {@code TERMINATION_GRACE_PERIOD} (a Go duration):
 *                       how long in-flight requests may finish after SIGTERM (default 8 s, inside Cloud Run's 10 s)
 * @param publicUrl      {@code AGENT_PUBLIC_URL}: the absolute http(s) URL callers use, for agent cards and OpenAPI
 *                       {@code servers}; {@code null} leaves them relative
 * @param faces          {@code AGENT_FACES}: the faces to serve, in order; empty means every face enabled by default
 * @param healthFormat   {@code AGENT_HEALTH_FORMAT}: the face whose form {@code /health} takes, or {@code null}
 *                       when not set: then the first enabled face of {@link #HEALTH_FORMATS} ({@code agentbreeder},
 *                       else {@code daedalus})
 * @param workDir        {@code WORK_DIR}: the writable workspace handed to the agent (default a folder in the
 *                       temporary directory)
 * @param startupTimeout {@code STARTUP_TIMEOUT} (a Go duration): longest the agent may take to load before it is
 *                       reported failed (default 60 s)
 * @param stateTtl       {@code AGENT_STATE_TTL_SECONDS}: how long conversations and paused runs are kept after their
 *                       last change (default 7 days)
 * @param aionDaemon     {@code AGENT_AION_DAEMON}: whether the A2A card declares the Aion daemon extension:
 *                       {@code off} (default), {@code optional} or {@code required}
 * @param localAdapter   {@code AGENT_LOCAL_ADAPTER}: serve the local {@code /run-task} adapter, on loopback only, with
 *                       port {@value #LOCAL_ADAPTER_PORT} unless {@code PORT} (or {@code A2A_PORT}) says otherwise
 */
public record RuntimeConfig(int port,
                            String authToken,
                            String agentName,
                            String agentVersion,
                            String agentFramework,
                            int maxBodyBytes,
                            Duration runTimeout,
                            Duration shutdownGrace,
                            String publicUrl,
                            List<String> faces,
                            String healthFormat,
                            Path workDir,
                            Duration startupTimeout,
                            Duration stateTtl,
                            String aionDaemon,
                            boolean localAdapter) {

    public static final int DEFAULT_PORT = 8080;
    public static final int LOCAL_ADAPTER_PORT = 18789;
    /** The face {@code AGENT_LOCAL_ADAPTER} turns on. */
    public static final String LOCAL_ADAPTER_FACE = "local";
    public static final int DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
    public static final int DEFAULT_SHUTDOWN_GRACE_SECONDS = 8;
    public static final int DEFAULT_RUN_TIMEOUT_SECONDS = 300;
    public static final List<String> HEALTH_FORMATS = List.of("agentbreeder", "daedalus");
    public static final List<String> AION_DAEMON_MODES = List.of("off", "optional", "required");

    public RuntimeConfig {
        authToken = authToken == null ? "" : authToken.strip();
        faces = faces == null ? List.of() : List.copyOf(faces);
        workDir = workDir == null ? defaultWorkDir() : workDir;
        startupTimeout = startupTimeout == null ? Duration.ofSeconds(60) : startupTimeout;
        stateTtl = stateTtl == null ? Duration.ofDays(7) : stateTtl;
        aionDaemon = aionDaemon == null ? "off" : aionDaemon;
        runTimeout = runTimeout == null || runTimeout.isZero() ? null : runTimeout;
        shutdownGrace = shutdownGrace == null ? Duration.ofSeconds(DEFAULT_SHUTDOWN_GRACE_SECONDS) : shutdownGrace;
    }

    /** Defaults everywhere: port 8080, auth off, 1 MiB bodies. */
    public static RuntimeConfig defaults() {
        return fromEnvironment(Map.of());
    }

    /** From this process's environment ({@link Settings#fromEnvironment()}). */
    public static RuntimeConfig fromEnvironment() {
        return from(Settings.fromEnvironment());
    }

    public static RuntimeConfig from(Settings settings) {
        return fromEnvironment(settings.variables());
    }

    public static RuntimeConfig fromEnvironment(Map<String, String> env) {
        boolean localAdapter = localAdapter(env);
        List<String> faces = faces(env);
        checkLocalAdapterFaces(localAdapter, faces);
        return new RuntimeConfig(
                port(env, localAdapter ? LOCAL_ADAPTER_PORT : DEFAULT_PORT),
                env.getOrDefault("AGENT_AUTH_TOKEN", ""),
                text(env, "AGENT_NAME"),
                text(env, "AGENT_VERSION"),
                text(env, "AGENT_FRAMEWORK"),
                intValue(env, "AGENT_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES, 1, 256 * 1024 * 1024),
                Duration.ofSeconds(intValue(env, "AGENT_RUN_TIMEOUT_SECONDS", DEFAULT_RUN_TIMEOUT_SECONDS, 0, 86_400)),
                shutdownGrace(env),
                publicUrl(env),
                faces,
                healthFormat(env),
                workDir(env),
                duration(env, "STARTUP_TIMEOUT", Duration.ofSeconds(60)),
                Duration.ofSeconds(intValue(env, "AGENT_STATE_TTL_SECONDS", 7 * 86_400, 1, 366 * 86_400)),
                oneOf(env, "AGENT_AION_DAEMON", AION_DAEMON_MODES),
                localAdapter);
    }

    /** The face that owns {@code /health} among {@code enabledFaces}, or {@code null} when none can. */
    public String healthOwner(java.util.List<String> enabledFaces) {
        if (healthFormat != null) {
            if (!enabledFaces.contains(healthFormat)) {
                throw new IllegalArgumentException("AGENT_HEALTH_FORMAT is " + healthFormat
                        + ", but that face is not enabled (enabled: " + String.join(", ", enabledFaces) + ")");
            }
            return healthFormat;
        }
        return HEALTH_FORMATS.stream().filter(enabledFaces::contains).findFirst().orElse(null);
    }

    /**
     * These settings, for a target that does not serve the local adapter (it exists for the Helidon server on the
     * user's own machine); {@code AGENT_LOCAL_ADAPTER=true} there stops start-up.
     */
    public RuntimeConfig refusingLocalAdapter(String target) {
        if (localAdapter) {
            throw new IllegalArgumentException("AGENT_LOCAL_ADAPTER=true is not served on " + target
                    + ": the local adapter runs only on the Helidon server, on the user's own machine");
        }
        return this;
    }

    public boolean authEnabled() {
        return !authToken.isEmpty();
    }

    /** A copy with another port; used by tests and local runners that pick a free port. */
    public RuntimeConfig withPort(int newPort) {
        return new RuntimeConfig(newPort, authToken, agentName, agentVersion, agentFramework, maxBodyBytes,
                runTimeout, shutdownGrace, publicUrl, faces, healthFormat, workDir, startupTimeout, stateTtl,
                aionDaemon, localAdapter);
    }

    public RuntimeConfig withAuthToken(String token) {
        return new RuntimeConfig(port, token, agentName, agentVersion, agentFramework, maxBodyBytes,
                runTimeout, shutdownGrace, publicUrl, faces, healthFormat, workDir, startupTimeout, stateTtl,
                aionDaemon, localAdapter);
    }

    public RuntimeConfig withMaxBodyBytes(int bytes) {
        return new RuntimeConfig(port, authToken, agentName, agentVersion, agentFramework, bytes,
                runTimeout, shutdownGrace, publicUrl, faces, healthFormat, workDir, startupTimeout, stateTtl,
                aionDaemon, localAdapter);
    }

    public RuntimeConfig withShutdownGrace(Duration grace) {
        return new RuntimeConfig(port, authToken, agentName, agentVersion, agentFramework, maxBodyBytes,
                runTimeout, grace, publicUrl, faces, healthFormat, workDir, startupTimeout, stateTtl,
                aionDaemon, localAdapter);
    }

    /** Never prints the token. */
    @Override
    public String toString() {
        // a StringBuilder, not one concatenation of 30 parts: that call site's first use spins a class of its own,
        // on the main thread of every cold start (this line is logged at start-up)
        return new StringBuilder(400).append("RuntimeConfig[port=").append(port)
                .append(", auth=").append(authEnabled() ? "on" : "off")
                .append(", agentName=").append(agentName)
                .append(", agentVersion=").append(agentVersion)
                .append(", agentFramework=").append(agentFramework)
                .append(", maxBodyBytes=").append(maxBodyBytes)
                .append(", runTimeout=").append(runTimeout)
                .append(", shutdownGrace=").append(shutdownGrace)
                .append(", publicUrl=").append(publicUrl)
                .append(", faces=").append(faces.isEmpty() ? "default" : String.join(",", faces))
                .append(", healthFormat=").append(healthFormat)
                .append(", workDir=").append(workDir)
                .append(", startupTimeout=").append(startupTimeout)
                .append(", stateTtl=").append(stateTtl)
                .append(", aionDaemon=").append(aionDaemon)
                .append(", localAdapter=").append(localAdapter)
                .append(']').toString();
    }

    private static int port(Map<String, String> env, int fallback) {
        int port = intValue(env, "PORT", fallback, 0, 65535);
        if (text(env, "A2A_PORT") == null) {
            return port;
        }
        int a2aPort = intValue(env, "A2A_PORT", fallback, 0, 65535);
        if (text(env, "PORT") != null && a2aPort != port) {
            throw new IllegalArgumentException("PORT (" + port + ") and A2A_PORT (" + a2aPort
                    + ") name different ports; set one of them");
        }
        return a2aPort;
    }

    /** {@code AGENT_SHUTDOWN_GRACE_SECONDS} wins over Daedalus's {@code TERMINATION_GRACE_PERIOD} when both are set. */
    private static Duration shutdownGrace(Map<String, String> env) {
        if (text(env, "AGENT_SHUTDOWN_GRACE_SECONDS") != null) {
            return Duration.ofSeconds(intValue(env, "AGENT_SHUTDOWN_GRACE_SECONDS", DEFAULT_SHUTDOWN_GRACE_SECONDS,
                    0, 3_600));
        }
        Duration grace = duration(env, "TERMINATION_GRACE_PERIOD", Duration.ofSeconds(DEFAULT_SHUTDOWN_GRACE_SECONDS));
        if (grace.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("TERMINATION_GRACE_PERIOD must be at most 1h, got '"
                    + text(env, "TERMINATION_GRACE_PERIOD") + "'");
        }
        return grace;
    }

    private static String publicUrl(Map<String, String> env) {
        String value = text(env, "AGENT_PUBLIC_URL");
        if (value == null) {
            return null;
        }
        try {
            URI uri = new URI(value);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null
                    && uri.getRawQuery() == null && uri.getRawFragment() == null) {
                return value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        throw new IllegalArgumentException("AGENT_PUBLIC_URL must be an absolute http or https URL such as "
                + "https://agent.example.com, got '" + value + "'");
    }

    private static List<String> faces(Map<String, String> env) {
        String value = text(env, "AGENT_FACES");
        if (value == null) {
            return List.of();
        }
        List<String> faces = new ArrayList<>();
        for (String name : value.split(",")) {
            String face = name.strip().toLowerCase(Locale.ROOT);
            if (face.isEmpty()) {
                continue;
            }
            if (!face.matches("[a-z0-9-]+")) {
                throw new IllegalArgumentException("AGENT_FACES must be a comma list of face names, got '"
                        + value + "'");
            }
            if (!faces.contains(face)) {
                faces.add(face);
            }
        }
        if (faces.isEmpty()) {
            throw new IllegalArgumentException("AGENT_FACES names no face; leave it unset for the default faces");
        }
        return faces;
    }

    private static boolean localAdapter(Map<String, String> env) {
        String value = text(env, "AGENT_LOCAL_ADAPTER");
        if (value == null || value.equalsIgnoreCase("false")) {
            return false;
        }
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        throw new IllegalArgumentException("AGENT_LOCAL_ADAPTER must be true or false, got '" + value + "'");
    }

    /**
     * The local face only with {@code AGENT_LOCAL_ADAPTER=true} (which also binds to loopback), and that setting only
     * with the face among {@code AGENT_FACES} when that is set.
     */
    private static void checkLocalAdapterFaces(boolean localAdapter, List<String> faces) {
        if (!localAdapter && faces.contains(LOCAL_ADAPTER_FACE)) {
            throw new IllegalArgumentException("AGENT_FACES names " + LOCAL_ADAPTER_FACE
                    + ", which needs AGENT_LOCAL_ADAPTER=true (it also binds the server to loopback)");
        }
        if (localAdapter && !faces.isEmpty() && !faces.contains(LOCAL_ADAPTER_FACE)) {
            throw new IllegalArgumentException("AGENT_LOCAL_ADAPTER is true, but AGENT_FACES does not name "
                    + LOCAL_ADAPTER_FACE + "; add it or leave AGENT_FACES unset");
        }
    }

    private static String healthFormat(Map<String, String> env) {
        String value = text(env, "AGENT_HEALTH_FORMAT");
        if (value == null) {
            return null;
        }
        String format = value.toLowerCase(Locale.ROOT);
        if (!HEALTH_FORMATS.contains(format)) {
            throw new IllegalArgumentException("AGENT_HEALTH_FORMAT must be one of " + String.join(", ", HEALTH_FORMATS)
                    + ", got '" + value + "'");
        }
        return format;
    }

    /** One of {@code allowed} (any case), the first of them when unset. */
    private static String oneOf(Map<String, String> env, String name, List<String> allowed) {
        String value = text(env, name);
        if (value == null) {
            return allowed.get(0);
        }
        String lower = value.toLowerCase(Locale.ROOT);
        if (!allowed.contains(lower)) {
            throw new IllegalArgumentException(name + " must be one of " + String.join(", ", allowed) + ", got '"
                    + value + "'");
        }
        return lower;
    }

    private static Path workDir(Map<String, String> env) {
        String value = text(env, "WORK_DIR");
        if (value == null) {
            return null;
        }
        try {
            Path dir = Path.of(value);
            if (Files.isDirectory(dir) && Files.isWritable(dir)) {
                return dir;
            }
            if (!Files.exists(dir)) {
                return Files.createDirectories(dir);
            }
        } catch (InvalidPathException | java.io.IOException | SecurityException e) {
            // reported below
        }
        throw new IllegalArgumentException("WORK_DIR must be a writable directory, got '" + value + "'");
    }

    private static Path defaultWorkDir() {
        return Path.of(System.getProperty("java.io.tmpdir"), "agentport-workspace");
    }

    private static Duration duration(Map<String, String> env, String name, Duration fallback) {
        String value = text(env, name);
        return value == null ? fallback : Durations.parse(name, value);
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
        int parsed;
        try {
            parsed = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, got '" + value + "'");
        }
        if (parsed < min || parsed > max) {
            throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", got " + value);
        }
        return parsed;
    }

}
