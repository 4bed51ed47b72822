package dev.agentport.a2arest;

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
 * The binding's answers outside an operation: refusals before the request is read (401/403 auth, 503 not ready), a
 * wrong method (405 with {@code Allow}) and an escaped failure (500, naming the trace id), each a
 * {@code google.rpc.Status}.
 */
final class RestErrors implements Router.Fallbacks {

    private static final Logger LOG = LoggerFactory.getLogger(RestErrors.class);

    static HttpResponse refuse(HttpRequest request, BearerTokenCheck.Outcome outcome) {
        return outcome == BearerTokenCheck.Outcome.MISSING
                ? RestResponses.error(RestError.unauthenticated(
                        "missing bearer token: send Authorization: Bearer <token>"))
                        .withHeader(HttpHeaderNames.WWW_AUTHENTICATE, BearerAuth.CHALLENGE)
                : RestResponses.error(RestError.permissionDenied("invalid bearer token"));
    }

    static HttpResponse notReady(HttpRequest request, Lifecycle.State state, String message) {
        return RestResponses.error(RestError.unavailable(message))
                .withHeader(HttpHeaderNames.RETRY_AFTER, ReadinessGate.RETRY_AFTER_SECONDS);
    }

    @Override
    public HttpResponse notFound(HttpRequest request) {
        return RestResponses.error(RestError.notFound("no endpoint at " + JsonBodyReader.sanitize(request.path())));
    }

    @Override
    public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
        return RestResponses.error(RestError.methodNotAllowed(JsonBodyReader.sanitize(request.method())
                        + " is not allowed here; use " + String.join(", ", allowed)))
                .withHeader(HttpHeaderNames.ALLOW, String.join(", ", allowed));
    }

    @Override
    public HttpResponse internalError(HttpRequest request, RuntimeException error) {
        String traceId = TraceIds.of(request);
        if (error instanceof StoreUnavailableException unavailable) {
            AgentFailures.storeUnavailable(unavailable, traceId, "A2A HTTP+JSON request");
            return RestResponses.storeUnavailable();
        }
        LOG.error("unhandled failure on {} {} (trace_id={})", request.method(), request.path(), traceId, error);
        return RestResponses.error(RestError.internal("Internal error; the server log has the details under trace_id "
                + traceId));
    }
}
