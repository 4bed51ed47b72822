package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;

import java.util.Locale;

/**
 * {@code GET /.well-known/mcp/server.json}: the registry's server list with the one agent this server hosts, open to
 * anyone. Its {@code streamable-http} remote is built from {@code AGENT_PUBLIC_URL}, else from the request's
 * {@code Host} (and {@code X-Forwarded-Proto}).
 */
final class RegistryDocument implements Handler {

    static final String PATH = "/.well-known/mcp/server.json";
    static final String SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";
    static final int MAX_DESCRIPTION = 100;

    private final AgentDescriptor agent;
    private final McpSettings settings;
    private final String publicUrl;

    RegistryDocument(AgentDescriptor agent, McpSettings settings, String publicUrl) {
        this.agent = agent;
        this.settings = settings;
        this.publicUrl = publicUrl;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        ObjectNode document = Json.object();
        ObjectNode entry = document.putArray("servers").addObject();
        ObjectNode server = entry.putObject("server");
        server.put("$schema", SCHEMA);
        server.put("name", settings.serverName() != null ? settings.serverName() : "dev.agentport/" + slug());
        server.put("title", settings.title() != null ? settings.title() : agent.name());
        server.put("description", description());
        server.put("version", agent.version());
        server.putArray("remotes").addObject().put("type", "streamable-http").put("url", baseUrl(request) + "/mcp");
        ModelCapabilities model = settings.model();
        if (model != null) {
            ObjectNode capabilities = server.putObject("capabilities");
            capabilities.put("model", model.model());
            if (model.vision() != null) {
                capabilities.put("vision", model.vision());
            }
            if (model.contextWindow() != null) {
                capabilities.put("context_window", model.contextWindow());
            }
            if (model.maxOutputTokens() != null) {
                capabilities.put("max_output_tokens", model.maxOutputTokens());
            }
        }
        entry.putObject("_meta").putObject("io.modelcontextprotocol.registry/official")
                .put("status", "active").put("isLatest", true);
        return McpResponses.json(200, document);
    }

    private String slug() {
        String slug = agent.name().replaceAll("[^A-Za-z0-9._-]", "-");
        return slug.isEmpty() ? "agent" : slug;
    }

    /** The agent's description cut to the registry's 100 characters (never empty: the field is required). */
    private String description() {
        String text = agent.description().strip().replaceAll("\\s+", " ");
        if (text.isEmpty()) {
            return "The " + agent.name() + " agent";
        }
        return text.length() <= MAX_DESCRIPTION ? text : text.substring(0, MAX_DESCRIPTION - 1).strip() + "\u2026";
    }

    private String baseUrl(HttpRequest request) {
        if (publicUrl != null) {
            return publicUrl;
        }
        String host = request.header("Host");
        if (host == null || !host.strip().matches("[A-Za-z0-9.\\-\\[\\]:]+")) {
            host = "localhost";
        }
        String proto = request.header("X-Forwarded-Proto");
        String scheme = proto != null && proto.strip().toLowerCase(Locale.ROOT).equals("https") ? "https" : "http";
        return scheme + "://" + host.strip();
    }
}
