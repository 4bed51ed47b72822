package dev.agentport.agentbreeder;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.RunResult;
import dev.agentport.json.Json;
import dev.agentport.runtime.Runs;

import java.io.IOException;

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
        body.set("output", output(sessionId, result));
        body.put("session_id", sessionId);
        body.putObject("metadata").put("interrupted", result.isInterrupted());
        return body;
    }

    /** {@link #body}'s bytes, written straight: {@code /invoke} answers every request with them. */
    static byte[] bytes(String sessionId, RunResult result) {
        return Json.written(json -> write(json, sessionId, result));
    }

    private static void write(JsonGenerator json, String sessionId, RunResult result) throws IOException {
        json.writeStartObject();
        json.writeFieldName("output");
        Json.writeNode(json, output(sessionId, result));
        json.writeStringField("session_id", sessionId);
        json.writeObjectFieldStart("metadata");
        json.writeBooleanField("interrupted", result.isInterrupted());
        json.writeEndObject();
        json.writeEndObject();
    }

    private static JsonNode output(String sessionId, RunResult result) {
        return result.isInterrupted() ? Runs.interruptedOutput(sessionId, result.interrupt()) : result.output();
    }
}
