package dev.agentport.mcp;

import dev.agentport.auth.BearerAuth;
import dev.agentport.auth.BearerTokenCheck;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.Router;
import dev.agentport.store.StoreUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;

/**
 * The MCP paths' answers to what no handler answers, as JSON-RPC errors without an id: a wrong method (a {@code GET}
 * of {@code /mcp} included, since no server-to-client stream is offered) is 405, a state store that failed 503
 * (with {@code Retry-After}), another escaped failure 500, a refused token 401 or 403.
 */
final class McpFallbacks implements Router.Fallbacks {

    private static final Logger LOG = LoggerFactory.getLogger(McpFallbacks.class);

    @Override
    public HttpResponse notFound(HttpRequest request) {
        return McpResponses.error(McpError.ofRequest(404, McpError.INVALID_REQUEST, "no MCP endpoint here"), null);
    }

    @Override
    public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
        return McpResponses.error(McpError.ofRequest(405, McpError.INVALID_REQUEST,
                        dev.agentport.json.JsonBodyReader.sanitize(request.method()) + " is not allowed here"), null)
                .withHeader("Allow", String.join(", ", allowed));
    }

    @Override
    public HttpResponse internalError(HttpRequest request, RuntimeException error) {
        if (error instanceof StoreUnavailableException unavailable) {
            return StoreOutages.response(unavailable, null, request);
        }
        LOG.error("unhandled failure on {} {}", request.method(), request.path(), error);
        return McpResponses.error(McpError.ofRequest(500, McpError.INTERNAL_ERROR, "the server failed unexpectedly"),
                null);
    }

    static HttpResponse refuse(HttpRequest request, BearerTokenCheck.Outcome outcome) {
        return outcome == BearerTokenCheck.Outcome.MISSING
                ? McpResponses.error(McpError.ofRequest(401, McpError.INVALID_REQUEST,
                        "missing bearer token: send Authorization: Bearer <token>"), null)
                        .withHeader(HttpHeaderNames.WWW_AUTHENTICATE, BearerAuth.CHALLENGE)
                : McpResponses.error(McpError.ofRequest(403, McpError.INVALID_REQUEST, "invalid bearer token"), null);
    }
}
