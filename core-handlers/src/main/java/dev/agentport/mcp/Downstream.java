package dev.agentport.mcp;

import java.net.URI;
import java.util.Objects;

/**
 * A downstream MCP server the agent depends on, probed by {@code get_health}.
 *
 * @param name how {@code get_health} names it
 * @param url  its Streamable HTTP endpoint
 */
public record Downstream(String name, URI url) {

    public Downstream {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(url, "url");
    }
}
