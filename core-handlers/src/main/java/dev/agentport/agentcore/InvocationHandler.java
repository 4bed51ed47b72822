package dev.agentport.agentcore;

import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.BodyProblem;
import dev.agentport.json.JsonBodyReader;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.RunOutcome;
import dev.agentport.runtime.Runs;

import java.util.Locale;

/**
 * {@code POST /invocations}: one run of the agent on the payload, in the conversation the session header names (kept
 * in the state store, so any instance continues it). Answers {@code {"output":...,"session_id":"..."}}, or, when the
 * caller accepts {@code text/event-stream}, the run as events ({@link InvocationStream}). A body that is not JSON is
 * 400, one of another media type 415, one over {@code AGENT_MAX_BODY_BYTES} 413; a request without
 * {@code Content-Type} is read as JSON, as the platform's SDKs read it.
 */
final class InvocationHandler implements Handler {

    private final Runs runs;
    private final JsonBodyReader bodies;

    InvocationHandler(Runs runs, int maxBodyBytes) {
        this.runs = runs;
        this.bodies = new JsonBodyReader(maxBodyBytes, true, true);
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        Invocation invocation;
        String sessionId;
        try {
            invocation = Invocation.of(bodies.read(request));
            sessionId = PlatformHeaders.sessionId(request);
        } catch (BodyProblem problem) {
            return AgentCoreErrors.error(status(problem), problem.getMessage());
        } catch (BadInvocation bad) {
            return AgentCoreErrors.error(400, bad.getMessage());
        }
        Run run = runs.newRun(request).operation("invocations").session(sessionId)
                .metadata(invocation.metadata(PlatformHeaders.metadata(request))).build();
        if (wantsEvents(request)) {
            return InvocationStream.answer(run, invocation.input());
        }
        return switch (run.invoke(invocation.input())) {
            case RunOutcome.Completed completed -> HttpResponse.builder(200)
                    .contentType(AgentCoreErrors.JSON)
                    .setHeader(PlatformHeaders.SESSION_ID, run.sessionId())
                    .body(InvocationAnswer.bytes(run.sessionId(), completed.result()))
                    .build();
            case RunOutcome.Failed failed -> AgentCoreErrors.runFailed(failed.failure(), run.traceId());
        };
    }

    private static boolean wantsEvents(HttpRequest request) {
        return request.headers().all("Accept").stream()
                .anyMatch(value -> value.toLowerCase(Locale.ROOT).contains(ServerSentEvents.CONTENT_TYPE));
    }

    private static int status(BodyProblem problem) {
        return switch (problem.kind()) {
            case UNSUPPORTED_MEDIA_TYPE -> 415;
            case TOO_LARGE -> 413;
            case EMPTY, NOT_JSON, NOT_AN_OBJECT -> 400;
        };
    }
}
