package dev.agentport.mcp;

import dev.agentport.session.McpSessionStore;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;

/**
 * {@code DELETE /mcp}: ends the session named by {@code Mcp-Session-Id} (204), 400 without one, 404 when it is unknown
 * or already ended. In stateless mode there is no session to end: 405.
 */
final class SessionEnd implements Handler {

    private final boolean stateful;
    private final McpSessionStore sessions;

    SessionEnd(boolean stateful, McpSessionStore sessions) {
        this.stateful = stateful;
        this.sessions = sessions;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        if (!stateful) {
            return McpResponses.error(McpError.ofRequest(405, McpError.INVALID_REQUEST,
                    "this server keeps no sessions, so there is none to end"), null).withHeader("Allow", "POST");
        }
        String id = request.header(McpResponses.SESSION_HEADER);
        if (id == null || id.isBlank()) {
            return McpResponses.error(McpError.ofRequest(400, McpError.INVALID_REQUEST,
                    "Mcp-Session-Id names the session to end"), null);
        }
        if (!sessions.end(id)) {
            return McpResponses.error(McpError.ofRequest(404, McpError.SESSION_NOT_FOUND,
                    "Session not found: it ended or expired"), null);
        }
        return HttpResponse.builder(204).build();
    }
}
