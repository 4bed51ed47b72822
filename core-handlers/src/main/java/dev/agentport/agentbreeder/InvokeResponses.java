package dev.agentport.agentbreeder;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.RunResult;
import dev.agentport.json.Json;
import dev.agentport.runtime.Runs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The body of a finished or paused run, for {@code /invoke}, {@code /resume} and the stream's {@code result} event:
 * {@code {"output":...,"session_id":"...","metadata":{"interrupted":bool}}}. The sidecar-owned fields
 * ({@code trace_id}, {@code tokens}, {@code cost_usd}, {@code model}, {@code latency_ms}) are never set here.
 */
final class InvokeResponses {

    private static final byte[] OUTPUT = "{\"output\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SESSION_ID = "\",\"session_id\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NOT_INTERRUPTED = "\",\"metadata\":{\"interrupted\":false}}"
            .getBytes(StandardCharsets.US_ASCII);

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
        if (!result.isInterrupted() && result.output() instanceof TextNode text
                && noSurrogates(text.textValue()) && noSurrogates(sessionId)) {
            return textAnswer(text.textValue(), sessionId);
        }
        return Json.written(json -> write(json, sessionId, result));
    }

    /**
     * A text answer, the common one, as the generator writes it, without making a generator for some 80 bytes: the
     * strings escaped by Jackson's own encoder, with the generator's escapes. A string with a surrogate goes to the
     * generator, which alone decides what a lone surrogate becomes.
     */
    private static byte[] textAnswer(String output, String sessionId) {
        JsonStringEncoder encoder = JsonStringEncoder.getInstance();
        byte[] text = encoder.quoteAsUTF8(output);
        byte[] session = encoder.quoteAsUTF8(sessionId);
        byte[] answer = new byte[OUTPUT.length + text.length + SESSION_ID.length + session.length
                + NOT_INTERRUPTED.length];
        int at = put(answer, 0, OUTPUT);
        at = put(answer, at, text);
        at = put(answer, at, SESSION_ID);
        at = put(answer, at, session);
        put(answer, at, NOT_INTERRUPTED);
        return answer;
    }

    private static int put(byte[] into, int at, byte[] bytes) {
        System.arraycopy(bytes, 0, into, at, bytes.length);
        return at + bytes.length;
    }

    private static boolean noSurrogates(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isSurrogate(text.charAt(i))) {
                return false;
            }
        }
        return true;
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
