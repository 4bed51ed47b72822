package dev.agentport.session;

import java.time.Instant;
import java.util.Objects;

/**
 * What the server keeps of an MCP session begun with {@code initialize}: everything a later request needs, so that any
 * instance sharing the store can serve it.
 *
 * @param id              the {@code Mcp-Session-Id}
 * @param protocolVersion the version agreed on by {@code initialize}
 * @param clientName      the client's {@code clientInfo.name}, or {@code ""}
 * @param startedAt       when {@code initialize} was answered
 */
public record McpSession(String id, String protocolVersion, String clientName, Instant startedAt) {

    public McpSession {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        clientName = clientName == null ? "" : clientName;
        Objects.requireNonNull(startedAt, "startedAt");
    }
}
