package dev.agentport.agentcore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.RunResult;
import dev.agentport.json.Json;
import dev.agentport.runtime.Runs;

/**
 * A finished run as the face answers it, in the JSON answer and as the stream's final event:
 * {@code {"output":...,"session_id":"..."}}. A run that paused for a human has its pause as output
 * ({@code {"status":"interrupted",...}}).
 */
final class InvocationAnswer {

    private InvocationAnswer() {
    }

    static ObjectNode body(String sessionId, RunResult result) {
        JsonNode output = result.isInterrupted() ? Runs.interruptedOutput(sessionId, result.interrupt())
                : result.output();
        ObjectNode body = Json.object();
        body.set("output", output);
        body.put("session_id", sessionId);
        return body;
    }

    static byte[] bytes(String sessionId, RunResult result) {
        return Json.bytes(body(sessionId, result));
    }
}
