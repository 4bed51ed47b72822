package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.node.NullNode;
import dev.agentport.auth.BearerAuth;
import dev.agentport.auth.BearerTokenCheck;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.Router;
import dev.agentport.json.JsonBodyReader;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.ReadinessGate;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.telemetry.TraceIds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;

/**
 * The binding's answers outside a method: refusals before the body is read (401/403 auth, 503 not ready) and a wrong
 * HTTP method, each with a JSON-RPC error body whose id is null.
 */
final class JsonRpcErrors implements Router.Fallbacks {

    private static final Logger LOG = LoggerFactory.getLogger(JsonRpcErrors.class);

    static HttpResponse refuse(HttpRequest request, BearerTokenCheck.Outcome outcome) {
        return outcome == BearerTokenCheck.Outcome.MISSING
                ? error(401, RpcError.invalidRequest("missing bearer token: send Authorization: Bearer <token>"))
                        .withHeader(HttpHeaderNames.WWW_AUTHENTICATE, BearerAuth.CHALLENGE)
                : error(403, RpcError.invalidRequest("invalid bearer token"));
    }

    static HttpResponse notReady(HttpRequest request, Lifecycle.State state, String message) {
        return error(503, RpcError.internal(message))
                .withHeader(HttpHeaderNames.RETRY_AFTER, ReadinessGate.RETRY_AFTER_SECONDS);
    }

    @Override
    public HttpResponse notFound(HttpRequest request) {
        return error(404, RpcError.invalidRequest("no endpoint at " + JsonBodyReader.sanitize(request.path())));
    }

    @Override
    public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
        return error(405, RpcError.invalidRequest(JsonBodyReader.sanitize(request.method())
                + " is not allowed here; POST a JSON-RPC request"))
                .withHeader(HttpHeaderNames.ALLOW, String.join(", ", allowed));
    }

    @Override
    public HttpResponse internalError(HttpRequest request, RuntimeException error) {
        String traceId = TraceIds.of(request);
        if (error instanceof StoreUnavailableException unavailable) {
            AgentFailures.storeUnavailable(unavailable, traceId, "JSON-RPC request");
            return RpcResponses.storeUnavailable(NullNode.getInstance(), ProtocolVersion.V0_3);
        }
        LOG.error("unhandled failure on {} {} (trace_id={})", request.method(), request.path(), traceId, error);
        return error(500, RpcError.internal("Internal error; the server log has the details under trace_id "
                + traceId));
    }

    private static HttpResponse error(int status, RpcError error) {
        return RpcResponses.http(status, RpcResponses.error(NullNode.getInstance(), error, ProtocolVersion.V0_3));
    }
}
