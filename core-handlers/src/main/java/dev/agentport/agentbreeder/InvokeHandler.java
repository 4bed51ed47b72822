package dev.agentport.agentbreeder;

import dev.agentport.agent.RunInput;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.RunOutcome;
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
        InvokeBody body = bodies.read(request, InvokeBody::read);
        Run run = run(runs, request, body, "invoke");
        return answer(run, run.invoke(new RunInput(body.input())));
    }

    /** The run's result as {@code {"output","session_id","metadata"}}, or its failure in the error envelope. */
    static HttpResponse answer(Run run, RunOutcome outcome) {
        return switch (outcome) {
            case RunOutcome.Completed completed -> HttpResponse.builder(200)
                    .contentType(ErrorEnvelope.JSON)
                    .setHeader(HttpHeaderNames.X_SESSION_ID, run.sessionId())
                    .body(InvokeResponses.bytes(run.sessionId(), completed.result()))
                    .build();
            case RunOutcome.Failed failed -> ErrorEnvelope.of(run.traceId(), Failures.code(failed.failure()),
                    failed.failure().message(), null);
        };
    }

    /** The session comes from the body, else from {@code X-Session-Id}; the body wins when both are sent. */
    static Run run(Runs runs, HttpRequest request, InvokeBody body, String operation) {
        String sessionId = body.sessionId();
        if (sessionId == null) {
            String header = request.header(HttpHeaderNames.X_SESSION_ID);
            sessionId = header == null ? null : InvokeBody.checkedSessionId(header.strip(), "X-Session-Id");
        }
        return runs.newRun(request).operation(operation).session(sessionId)
                .config(body.config()).metadata(body.metadata()).build();
    }
}
