package dev.agentport.store;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Where state lives, from {@code AGENT_STATE_STORE}: {@code memory} (the default), {@code redis://host:port[/db]},
 * {@code rediss://...} for TLS, or {@code dynamodb://table}. A password comes separately, from
 * {@code AGENT_STATE_STORE_PASSWORD}, so that the location can be logged; {@link #toString()} never shows it.
 *
 * @param location the store's URI; {@code memory:local} for the in-memory stores
 * @param password the backend's password or auth string, or empty
 * @param ttl      how long state is kept after its last write ({@code AGENT_STATE_TTL_SECONDS})
 */
public record StateStoreSettings(URI location, String password, Duration ttl) {

    public static final String VARIABLE = "AGENT_STATE_STORE";
    public static final String PASSWORD_VARIABLE = "AGENT_STATE_STORE_PASSWORD";
    private static final URI MEMORY = URI.create("memory:local");

    public StateStoreSettings {
        Objects.requireNonNull(location, "location");
        password = password == null ? "" : password;
        Objects.requireNonNull(ttl, "ttl");
    }

    public static StateStoreSettings memory(Duration ttl) {
        return new StateStoreSettings(MEMORY, "", ttl);
    }

    /** Reads the two variables; a location that is not a URI with a scheme fails naming the variable. */
    public static StateStoreSettings fromEnvironment(Map<String, String> env, Duration ttl) {
        String value = env.getOrDefault(VARIABLE, "").strip();
        String password = env.getOrDefault(PASSWORD_VARIABLE, "");
        if (value.isEmpty() || value.equals("memory")) {
            return new StateStoreSettings(MEMORY, password, ttl);
        }
        try {
            URI location = new URI(value);
            if (location.getScheme() == null || location.isOpaque() || location.getRawAuthority() == null) {
                throw new IllegalArgumentException(VARIABLE + " must be memory or a URI such as redis://host:6379 or "
                        + "dynamodb://table; got " + value.length() + " characters that are not one");
            }
            if (location.getRawUserInfo() != null && location.getRawUserInfo().contains(":")) {
                throw new IllegalArgumentException(VARIABLE + " must not carry a password; put it in "
                        + PASSWORD_VARIABLE);
            }
            return new StateStoreSettings(location, password, ttl);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(VARIABLE + " is not a valid URI at index " + e.getIndex());
        }
    }

    public String scheme() {
        return location.getScheme();
    }

    public boolean inMemory() {
        return location.equals(MEMORY);
    }

    @Override
    public String toString() {
        return "StateStoreSettings[location=" + location + ", password=" + (password.isEmpty() ? "none" : "set")
                + ", ttl=" + ttl + "]";
    }
}
