package dev.agentport.mcp;

/**
 * The protocol a request is answered in.
 *
 * @param protocolVersion the version: the session's, the header's, the one in {@code _meta}, or the assumed one
 * @param perRequest      whether the request speaks 2026-07-28 or later (no sessions, {@code resultType})
 * @param sessionId       the MCP session, or {@code null}
 */
record McpScope(String protocolVersion, boolean perRequest, String sessionId) {
}
