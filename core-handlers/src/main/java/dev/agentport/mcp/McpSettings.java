package dev.agentport.mcp;

import dev.agentport.runtime.Settings;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The MCP face's settings, parsed at start-up from the server's {@link Settings}; an invalid value stops start-up with
 * a message that names the variable. The README's MCP section lists the same variables.
 *
 * @param stateful         {@code AGENT_MCP_SESSIONS}: {@code stateless} (default) issues no session and accepts any
 *                         {@code Mcp-Session-Id} a platform in front sends; {@code store} issues sessions kept in the
 *                         MCP session store
 * @param allowedHosts     {@code AGENT_MCP_ALLOWED_HOSTS}: host names (lower case, with an optional port) accepted in
 *                         {@code Host} and {@code Origin} besides loopback and the host of {@code AGENT_PUBLIC_URL};
 *                         {@code *} accepts any
 * @param downstream       {@code AGENT_MCP_DOWNSTREAM}: {@code name=url} pairs, comma separated, probed by
 *                         {@code get_health}
 * @param probeTimeout     how long one downstream probe may take (3 s)
 * @param healthBudget     how long {@code get_health} waits for its probes before it answers (800 ms)
 * @param serverName       {@code AGENT_MCP_SERVER_NAME}: the reverse-DNS registry name, or {@code null} for
 *                         {@code dev.agentport/<agent name>}
 * @param title            {@code AGENT_MCP_TITLE}: the registry title, or {@code null} for the agent's name
 * @param model            {@code AGENT_MCP_MODEL} with {@code AGENT_MCP_VISION}, {@code AGENT_MCP_CONTEXT_WINDOW} and
 *                         {@code AGENT_MCP_MAX_OUTPUT_TOKENS}, or {@code null} when no model is named
 */
public record McpSettings(boolean stateful,
                          List<String> allowedHosts,
                          List<Downstream> downstream,
                          Duration probeTimeout,
                          Duration healthBudget,
                          String serverName,
                          String title,
                          ModelCapabilities model) {

    public static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);
    public static final Duration HEALTH_BUDGET = Duration.ofMillis(800);

    public McpSettings {
        allowedHosts = allowedHosts == null ? List.of() : List.copyOf(allowedHosts);
        downstream = downstream == null ? List.of() : List.copyOf(downstream);
        probeTimeout = probeTimeout == null ? PROBE_TIMEOUT : probeTimeout;
        healthBudget = healthBudget == null ? HEALTH_BUDGET : healthBudget;
    }

    public static McpSettings from(Settings settings) {
        return fromEnvironment(settings.variables());
    }

    /** From these variables (as {@link #from(Settings)}). */
    public static McpSettings fromEnvironment(Map<String, String> env) {
        return new McpSettings(
                sessions(env),
                hosts(env),
                downstream(env),
                PROBE_TIMEOUT,
                HEALTH_BUDGET,
                serverName(env),
                text(env, "AGENT_MCP_TITLE"),
                model(env));
    }

    public McpSettings withStateful(boolean on) {
        return new McpSettings(on, allowedHosts, downstream, probeTimeout, healthBudget, serverName, title, model);
    }

    public McpSettings withDownstream(List<Downstream> servers) {
        return new McpSettings(stateful, allowedHosts, servers, probeTimeout, healthBudget, serverName, title, model);
    }

    private static boolean sessions(Map<String, String> env) {
        String value = text(env, "AGENT_MCP_SESSIONS");
        if (value == null || value.equalsIgnoreCase("stateless")) {
            return false;
        }
        if (value.equalsIgnoreCase("store")) {
            return true;
        }
        throw new IllegalArgumentException("AGENT_MCP_SESSIONS must be stateless or store, got '" + value + "'");
    }

    private static List<String> hosts(Map<String, String> env) {
        String value = text(env, "AGENT_MCP_ALLOWED_HOSTS");
        List<String> hosts = new ArrayList<>();
        if (value == null) {
            return hosts;
        }
        for (String host : value.split(",")) {
            String name = host.strip().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            if (!name.equals("*") && !name.matches("[a-z0-9.\\-\\[\\]:]+")) {
                throw new IllegalArgumentException("AGENT_MCP_ALLOWED_HOSTS must be a comma list of host names "
                        + "(optionally with a port), got '" + value + "'");
            }
            hosts.add(name);
        }
        return hosts;
    }

    private static List<Downstream> downstream(Map<String, String> env) {
        String value = text(env, "AGENT_MCP_DOWNSTREAM");
        List<Downstream> servers = new ArrayList<>();
        if (value == null) {
            return servers;
        }
        for (String entry : value.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            int equals = entry.indexOf('=');
            String name = equals < 0 ? "" : entry.substring(0, equals).strip();
            String url = equals < 0 ? "" : entry.substring(equals + 1).strip();
            if (!name.matches("[A-Za-z0-9._-]+") || !isHttpUrl(url)) {
                throw new IllegalArgumentException("AGENT_MCP_DOWNSTREAM must be a comma list of name=url pairs "
                        + "such as argos=http://argos:8000/mcp; an entry is not");
            }
            servers.add(new Downstream(name, URI.create(url)));
        }
        return servers;
    }

    private static boolean isHttpUrl(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static String serverName(Map<String, String> env) {
        String value = text(env, "AGENT_MCP_SERVER_NAME");
        if (value != null && !value.matches("[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+") ) {
            throw new IllegalArgumentException("AGENT_MCP_SERVER_NAME must be a reverse-DNS name with one slash, "
                    + "such as com.example/research-agent, got '" + value + "'");
        }
        return value;
    }

    private static ModelCapabilities model(Map<String, String> env) {
        String model = text(env, "AGENT_MCP_MODEL");
        if (model == null) {
            return null;
        }
        String vision = text(env, "AGENT_MCP_VISION");
        if (vision != null && !vision.equalsIgnoreCase("true") && !vision.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException("AGENT_MCP_VISION must be true or false, got '" + vision + "'");
        }
        return new ModelCapabilities(model, vision == null ? null : Boolean.valueOf(vision.toLowerCase(Locale.ROOT)),
                count(env, "AGENT_MCP_CONTEXT_WINDOW"), count(env, "AGENT_MCP_MAX_OUTPUT_TOKENS"));
    }

    private static Integer count(Map<String, String> env, String name) {
        String value = text(env, name);
        if (value == null) {
            return null;
        }
        try {
            int parsed = Integer.parseInt(value);
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + " must be a positive whole number, got '" + value + "'");
    }

    private static String text(Map<String, String> env, String name) {
        String value = env.get(name);
        return value == null || value.isBlank() ? null : value.strip();
    }
}
