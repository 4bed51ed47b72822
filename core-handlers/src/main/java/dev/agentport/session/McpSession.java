package dev.agentport.session;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * What the server keeps of an MCP session begun with {@code initialize}: everything a later request needs, so that any
 * instance sharing the store can serve it.
 *
 * @param id                 the {@code Mcp-Session-Id}
 * @param protocolVersion    the version agreed on by {@code initialize}
 * @param clientName         the client's {@code clientInfo.name}, or {@code ""}
 * @param startedAt          when {@code initialize} was answered
 * @param clientCapabilities the names of the capabilities the client declared ({@code sampling}, {@code roots}, ...)
 */
public record McpSession(String id, String protocolVersion, String clientName, Instant startedAt,
                         Set<String> clientCapabilities) {

    public McpSession {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        clientName = clientName == null ? "" : clientName;
        Objects.requireNonNull(startedAt, "startedAt");
        clientCapabilities = clientCapabilities == null ? Set.of() : Set.copyOf(clientCapabilities);
    }

    /** A session whose client declared no capabilities. */
    public McpSession(String id, String protocolVersion, String clientName, Instant startedAt) {
        this(id, protocolVersion, clientName, startedAt, Set.of());
    }
}
