package dev.agentport.mcp;

import dev.agentport.session.McpSession;
import dev.agentport.session.McpSessionStore;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;

/**
 * Works out which protocol a request speaks and checks its headers. A request naming its version in
 * {@code _meta} speaks 2026-07-28: its {@code MCP-Protocol-Version}, {@code Mcp-Method} and {@code Mcp-Name}
 * headers must agree with the body. Other requests speak the version {@code initialize} agreed on: the session's in
 * session mode ({@code Mcp-Session-Id} required, 404 when unknown or ended), else the header's, else 2025-03-26.
 */
final class McpScopes {

    static final String VERSION_HEADER = "MCP-Protocol-Version";
    static final String METHOD_HEADER = "Mcp-Method";
    static final String NAME_HEADER = "Mcp-Name";

    private final boolean stateful;
    private final McpSessionStore sessions;

    McpScopes(boolean stateful, McpSessionStore sessions) {
        this.stateful = stateful;
        this.sessions = sessions;
    }

    /** Whether the request speaks 2026-07-28 or later: it names its version in {@code _meta} or in the header. */
    static boolean speaksPerRequest(HttpRequest request, McpMessage message) {
        return speaksPerRequest(request.header(VERSION_HEADER), message);
    }

    private static boolean speaksPerRequest(String header, McpMessage message) {
        return message.namesMetaVersion() || header != null && ProtocolVersions.PER_REQUEST.contains(header);
    }

    McpScope resolve(HttpRequest request, McpMessage message) {
        String header = request.header(VERSION_HEADER);
        if (speaksPerRequest(header, message)) {
            return perRequest(request, message, header);
        }
        if (header != null && !ProtocolVersions.NEGOTIATED.contains(header)) {
            throw new McpError(McpError.INVALID_REQUEST, "Unsupported protocol version: "
                    + sanitize(header), unsupported(header), 400);
        }
        if (!stateful) {
            return new McpScope(header != null ? header : ProtocolVersions.ASSUMED, false, null);
        }
        String sessionId = request.header(McpResponses.SESSION_HEADER);
        if (sessionId == null || sessionId.isBlank()) {
            throw McpError.ofRequest(400, McpError.INVALID_REQUEST,
                    "Mcp-Session-Id is required after initialize");
        }
        McpSession session = sessions.find(sessionId).orElseThrow(() -> McpError.ofRequest(404,
                McpError.SESSION_NOT_FOUND, "Session not found: it ended or expired; initialize again"));
        if (header != null && !header.equals(session.protocolVersion())) {
            throw new McpError(McpError.INVALID_REQUEST, "MCP-Protocol-Version " + header
                    + " is not the version this session agreed on (" + session.protocolVersion() + ")",
                    unsupported(header), 400);
        }
        return new McpScope(session.protocolVersion(), false, session.id());
    }

    /**
     * Checks in this order: the version in {@code _meta} (-32602), the version header against it (-32020), the version
     * (-32022), the method and name headers (-32020), then the rest of {@code _meta} (-32602).
     */
    private static McpScope perRequest(HttpRequest request, McpMessage message, String header) {
        String version = message.isRequest() ? RequestMeta.requireVersion(message) : message.metaVersion();
        if (version == null) {
            throw headerMismatch(VERSION_HEADER + " names " + sanitize(header) + ", but params._meta does not name "
                    + McpMessage.META_PROTOCOL_VERSION);
        }
        if (!version.equals(header)) {
            throw headerMismatch(VERSION_HEADER + " must be " + sanitize(version) + ", as params._meta says");
        }
        if (!ProtocolVersions.PER_REQUEST.contains(version)) {
            throw new McpError(McpError.UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version: "
                    + sanitize(version), unsupported(version), 400);
        }
        if (message.method() != null && !message.method().equals(request.header(METHOD_HEADER))) {
            throw headerMismatch(METHOD_HEADER + " must be " + message.method() + ", as the body says");
        }
        String name = nameOf(message);
        if (name != null && !name.equals(request.header(NAME_HEADER))) {
            throw headerMismatch(NAME_HEADER + " must be the name the body gives");
        }
        if (message.isRequest()) {
            RequestMeta.requireFields(message);
        }
        return new McpScope(version, true, null);
    }

    /** What {@code Mcp-Name} must carry: the tool or prompt name, the resource URI, or the task id. */
    private static String nameOf(McpMessage message) {
        String field = switch (message.method() == null ? "" : message.method()) {
            case "tools/call", "prompts/get" -> "name";
            case "resources/read" -> "uri";
            case McpTasks.GET, McpTasks.UPDATE, McpTasks.CANCEL -> "taskId";
            default -> null;
        };
        return field == null || !message.params().path(field).isTextual() ? null
                : message.params().get(field).asText();
    }

    private static McpError headerMismatch(String message) {
        return new McpError(McpError.HEADER_MISMATCH, message, null, 400);
    }

    private static ObjectNode unsupported(String requested) {
        ObjectNode data = Json.object();
        ProtocolVersions.ALL.forEach(data.putArray("supported")::add);
        data.put("requested", sanitize(requested));
        return data;
    }

    static String sanitize(String value) {
        return dev.agentport.json.JsonBodyReader.sanitize(value);
    }
}
