package dev.agentport.agentbreeder;

import dev.agentport.agent.ResumableAgent;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.runtime.Run;
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
        Run run = runs.newRun(request).operation("resume").session(body.threadId()).build();
        return InvokeHandler.answer(run, run.resume(body.threadId(), body.humanInput()));
    }
}
