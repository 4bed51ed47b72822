package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.RunResult;
import dev.agentport.json.Json;
import dev.agentport.runtime.Runs;

/**
 * The body of a finished or paused run, for {@code /invoke}, {@code /resume} and the stream's {@code result} event:
 * {@code {"output":...,"session_id":"...","metadata":{"interrupted":bool}}}. The sidecar-owned fields
 * ({@code trace_id}, {@code tokens}, {@code cost_usd}, {@code model}, {@code latency_ms}) are never set here.
 */
final class InvokeResponses {

    private InvokeResponses() {
    }

    static ObjectNode body(String sessionId, RunResult result) {
        ObjectNode body = Json.object();
        if (result.isInterrupted()) {
            body.set("output", Runs.interruptedOutput(sessionId, result.interrupt()));
        } else {
            body.set("output", result.output());
        }
        body.put("session_id", sessionId);
        body.putObject("metadata").put("interrupted", result.isInterrupted());
        return body;
    }
}
