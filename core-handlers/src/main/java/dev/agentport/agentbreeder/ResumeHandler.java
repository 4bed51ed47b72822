package dev.agentport.agentbreeder;

import dev.agentport.agent.ResumableAgent;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.telemetry.TraceIds;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunResult;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.RunRequest;
import dev.agentport.runtime.Runs;

/**
 * {@code POST /resume}: continues a paused run with the human's answer. 501 when the agent cannot resume, 422 when
 * a field is missing, 404 when the thread has no paused run.
 */
final class ResumeHandler implements Handler {

    private final Runs runs;
    private final JsonBodies bodies;

    ResumeHandler(Runs runs, JsonBodies bodies) {
        this.runs = runs;
        this.bodies = bodies;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        if (!ResumableAgent.canResume(runs.agent())) {
            throw new ContractError(ErrorCode.NOT_IMPLEMENTED, "this agent does not support /resume");
        }
        ResumeBody body = ResumeBody.from(bodies.readObject(request));
        String traceId = TraceIds.of(request);
        RunContext context = runs.context(new RunRequest(body.humanInput(), body.threadId(), null, null,
                request.header(HttpHeaderNames.X_REQUEST_ID), traceId, request.header(HttpHeaderNames.TRACEPARENT),
                request.deadline(), null, null, null, request.connection()));
        RunResult result;
        try {
            result = runs.resume(body.threadId(), body.humanInput(), context);
        } catch (Exception e) {
            AgentFailures.Failure failure = AgentFailures.describe(e, traceId, "resume");
            return ErrorEnvelope.of(traceId, Failures.code(failure), failure.message(), null);
        }
        return HttpResponse.builder(200)
                .contentType(ErrorEnvelope.JSON)
                .setHeader(HttpHeaderNames.X_SESSION_ID, context.sessionId())
                .body(Json.bytes(InvokeResponses.body(context.sessionId(), result)))
                .build();
    }
}
