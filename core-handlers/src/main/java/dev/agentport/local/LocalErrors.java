package dev.agentport.local;

import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.Router;
import dev.agentport.json.JsonBodyReader;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.telemetry.TraceIds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;

/** Wrong methods on {@code /run-task} and failures that escaped the handler, in the face's failure shape. */
final class LocalErrors implements Router.Fallbacks {

    private static final Logger LOG = LoggerFactory.getLogger(LocalErrors.class);

    @Override
    public HttpResponse notFound(HttpRequest request) {
        return LocalAnswers.failure(404, "no endpoint at " + JsonBodyReader.sanitize(request.path()));
    }

    @Override
    public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
        return LocalAnswers.failure(405, JsonBodyReader.sanitize(request.method()) + " is not allowed on "
                        + JsonBodyReader.sanitize(request.path()) + "; use " + String.join(", ", allowed))
                .withHeader(HttpHeaderNames.ALLOW, String.join(", ", allowed));
    }

    @Override
    public HttpResponse internalError(HttpRequest request, RuntimeException error) {
        String traceId = TraceIds.of(request);
        if (error instanceof StoreUnavailableException unavailable) {
            return LocalAnswers.storeUnavailable(
                    AgentFailures.storeUnavailable(unavailable, traceId, "run-task").message());
        }
        LOG.error("unhandled failure on {} {} (trace_id={})", request.method(), request.path(), traceId, error);
        return LocalAnswers.failure(500, "the server failed unexpectedly; the server log has the details under "
                + "trace_id " + traceId);
    }
}
