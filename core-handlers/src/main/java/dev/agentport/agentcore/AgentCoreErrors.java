package dev.agentport.agentcore;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.auth.BearerAuth;
import dev.agentport.auth.BearerTokenCheck;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.Router;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.ReadinessGate;
import dev.agentport.runtime.StoreOutage;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.telemetry.TraceIds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;

/**
 * The face's one error shape, {@code {"error":"..."}} as the platform's own SDKs answer, with {@code trace_id} when a
 * run failed or the server did: refusals, wrong methods, and failures that escaped a handler.
 */
final class AgentCoreErrors implements Router.Fallbacks {

    static final String JSON = "application/json";

    private static final Logger LOG = LoggerFactory.getLogger(AgentCoreErrors.class);

    static HttpResponse error(int status, String message) {
        return error(status, message, null);
    }

    /** {@code {"error":message,"trace_id":traceId}}; without {@code trace_id} when it is null. */
    static HttpResponse error(int status, String message, String traceId) {
        return HttpResponse.builder(status).contentType(JSON).body(Json.bytes(body(message, traceId))).build();
    }

    static ObjectNode body(String message, String traceId) {
        ObjectNode body = Json.object();
        body.put("error", message);
        if (traceId != null) {
            body.put("trace_id", traceId);
        }
        return body;
    }

    /** A run's failure: its status by kind, 503 with {@code Retry-After} when the state store failed. */
    static HttpResponse runFailed(AgentFailures.Failure failure, String traceId) {
        HttpResponse answer = error(status(failure.kind()), failure.message(), traceId);
        return failure.kind() == AgentFailures.Kind.STORE_UNAVAILABLE
                ? answer.withHeader(HttpHeaderNames.RETRY_AFTER, StoreOutage.RETRY_AFTER_SECONDS) : answer;
    }

    static int status(AgentFailures.Kind kind) {
        return switch (kind) {
            case DEADLINE_EXCEEDED -> 504;
            case CANCELLED, STORE_UNAVAILABLE -> 503;
            case NOT_FOUND, AGENT_ERROR, INTERNAL -> 500;
        };
    }

    static HttpResponse refuse(HttpRequest request, BearerTokenCheck.Outcome outcome) {
        return outcome == BearerTokenCheck.Outcome.MISSING
                ? error(401, "missing bearer token: send Authorization: Bearer <token>")
                        .withHeader(HttpHeaderNames.WWW_AUTHENTICATE, BearerAuth.CHALLENGE)
                : error(403, "invalid bearer token");
    }

    static HttpResponse notReady(HttpRequest request, Lifecycle.State state, String message) {
        return error(503, message).withHeader(HttpHeaderNames.RETRY_AFTER, ReadinessGate.RETRY_AFTER_SECONDS);
    }

    @Override
    public HttpResponse notFound(HttpRequest request) {
        return error(404, "no endpoint at " + JsonBodyReader.sanitize(request.path()));
    }

    @Override
    public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
        return error(405, JsonBodyReader.sanitize(request.method()) + " is not allowed on "
                + JsonBodyReader.sanitize(request.path()) + "; use " + String.join(", ", allowed))
                .withHeader(HttpHeaderNames.ALLOW, String.join(", ", allowed));
    }

    @Override
    public HttpResponse internalError(HttpRequest request, RuntimeException error) {
        String traceId = TraceIds.of(request);
        if (error instanceof StoreUnavailableException outage) {
            return runFailed(AgentFailures.storeUnavailable(outage, traceId, "invocations"), traceId);
        }
        LOG.error("unhandled failure on {} {} (trace_id={})", request.method(), request.path(), traceId, error);
        return error(500, "the server failed unexpectedly; the server log has the details under trace_id "
                + traceId, traceId);
    }
}
