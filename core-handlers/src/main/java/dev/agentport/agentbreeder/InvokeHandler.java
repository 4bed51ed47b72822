package dev.agentport.agentbreeder;

import dev.agentport.runtime.AgentFailures;
import dev.agentport.telemetry.TraceIds;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.RunRequest;
import dev.agentport.runtime.Runs;

/** {@code POST /invoke}: one synchronous run. */
final class InvokeHandler implements Handler {

    private final Runs runs;
    private final JsonBodies bodies;

    InvokeHandler(Runs runs, JsonBodies bodies) {
        this.runs = runs;
        this.bodies = bodies;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        InvokeBody body = InvokeBody.from(bodies.readObject(request));
        String traceId = TraceIds.of(request);
        RunContext context = runs.context(runRequest(request, body, traceId));
        RunResult result;
        try {
            result = runs.invoke(new RunInput(body.input()), context);
        } catch (Exception e) {
            AgentFailures.Failure failure = AgentFailures.describe(e, traceId, "invoke");
            return ErrorEnvelope.of(traceId, Failures.code(failure), failure.message(), null);
        }
        return HttpResponse.builder(200)
                .contentType(ErrorEnvelope.JSON)
                .setHeader(HttpHeaderNames.X_SESSION_ID, context.sessionId())
                .body(Json.bytes(InvokeResponses.body(context.sessionId(), result)))
                .build();
    }

    /** The session comes from the body, else from {@code X-Session-Id}; the body wins when both are sent. */
    static RunRequest runRequest(HttpRequest request, InvokeBody body, String traceId) {
        String sessionId = body.sessionId();
        if (sessionId == null) {
            String header = request.header(HttpHeaderNames.X_SESSION_ID);
            sessionId = header == null ? null : InvokeBody.checkedSessionId(header.strip(), "X-Session-Id");
        }
        return new RunRequest(body.input(), sessionId, body.config(), body.metadata(),
                request.header(HttpHeaderNames.X_REQUEST_ID), traceId, request.header(HttpHeaderNames.TRACEPARENT),
                request.deadline(), null, null, null, request.connection());
    }
}
