package dev.agentport.daedalus;

import dev.agentport.auth.BearerAuth;
import dev.agentport.auth.BearerTokenCheck;
import dev.agentport.face.ErrorShape;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.BodyProblem;
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

/** The Daedalus error shape: {@code {"error":"<message>"}} with the status, {@code application/json}. */
final class DaedalusErrors implements ErrorShape {

    static final String JSON = "application/json";

    private static final Logger LOG = LoggerFactory.getLogger(DaedalusErrors.class);

    static HttpResponse error(int status, String message) {
        var body = Json.object();
        body.put("error", message);
        return HttpResponse.builder(status).contentType(JSON).body(Json.bytes(body)).build();
    }

    /** 415 for a media type other than JSON, 413 past the size limit, 400 for anything else unreadable. */
    static HttpResponse bodyProblem(BodyProblem problem) {
        int status = switch (problem.kind()) {
            case UNSUPPORTED_MEDIA_TYPE -> 415;
            case TOO_LARGE -> 413;
            case EMPTY, NOT_JSON, NOT_AN_OBJECT -> 400;
        };
        return error(status, problem.getMessage());
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

    /** 503 with {@code Retry-After}: the state store failed, so the task was not run or its end was not kept. */
    static HttpResponse storeUnavailable(String message) {
        return error(503, message).withHeader(HttpHeaderNames.RETRY_AFTER, StoreOutage.RETRY_AFTER_SECONDS);
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
        if (error instanceof StoreUnavailableException unavailable) {
            return storeUnavailable(AgentFailures.storeUnavailable(unavailable, traceId, "task").message());
        }
        LOG.error("unhandled failure on {} {} (trace_id={})", request.method(), request.path(), traceId, error);
        return error(500, "the server failed unexpectedly; the server log has the details under trace_id " + traceId);
    }

    @Override
    public HttpResponse transportError(int status, String detail) {
        String message = detail == null || detail.isBlank()
                ? status >= 500 ? "the server failed to read the request" : "the request is not valid HTTP"
                : detail;
        return error(status, message);
    }
}
