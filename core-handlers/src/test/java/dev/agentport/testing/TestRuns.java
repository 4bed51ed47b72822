package dev.agentport.testing;

import dev.agentport.agent.RunResult;
import dev.agentport.http.HttpRequest;
import dev.agentport.runtime.RunOutcome;

/** Runs of the engine as tests start them: from a bare request, with the agent's result or the failure's message. */
public final class TestRuns {

    private TestRuns() {
    }

    /** A request with no headers, deadline or connection, as an in-process caller sends it. */
    public static HttpRequest request() {
        return HttpRequest.builder("POST", "/test").build();
    }

    /** The agent's result; fails the test with the failure's kind and message otherwise. */
    public static RunResult completed(RunOutcome outcome) {
        if (outcome instanceof RunOutcome.Completed completed) {
            return completed.result();
        }
        RunOutcome.Failed failed = (RunOutcome.Failed) outcome;
        throw new AssertionError("the run failed: " + failed.failure().kind() + ": " + failed.failure().message());
    }
}
