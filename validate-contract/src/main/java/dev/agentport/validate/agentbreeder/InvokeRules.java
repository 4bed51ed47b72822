package dev.agentport.validate.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.util.ArrayList;
import java.util.List;

/**
 * Section 3, Invoke shape, and section 4, Reserved sidecar fields: what {@code /invoke} takes and answers. The
 * output's content is the agent's own and is not checked.
 */
final class InvokeRules {

    /** The fields the sidecar owns; an agent must not set them. */
    static final List<String> SIDECAR_FIELDS = List.of("trace_id", "tokens", "cost_usd", "model", "latency_ms");

    private InvokeRules() {
    }

    static void invokeAnswersWithAnOutput(Probe probe) {
        Answer invoke = Calls.invoke(probe);
        Expect.status(invoke, 200);
        output(invoke);
        JsonNode body = Calls.object(invoke);
        JsonNode session = body.path("session_id");
        Expect.that(session.isMissingNode() || session.isTextual(), invoke.request()
                + "'s answer has a session_id that is not a string: " + session);
        JsonNode metadata = body.path("metadata");
        Expect.that(metadata.isMissingNode() || metadata.isNull() || metadata.isObject(), invoke.request()
                + "'s answer has metadata that is not an object: " + metadata);
    }

    static void invokeAcceptsAnObjectInput(Probe probe) {
        Answer answer = probe.send(Request.post("/invoke").authorized()
                .json("{\"input\":{\"messages\":[{\"role\":\"user\",\"content\":\"hello\"}]}}"));
        Expect.status(answer, 200);
        output(answer);
    }

    static void invokeKeepsTheSessionIdItWasGiven(Probe probe) {
        Answer invoke = Calls.invoke(probe);
        Expect.status(invoke, 200);
        JsonNode session = Calls.object(invoke).path("session_id");
        if (session.isMissingNode() || session.isNull()) {
            throw Expect.skip(invoke.request() + "'s answer has no session_id: the agent does not keep sessions, "
                    + "which the contract allows");
        }
        String sent = Calls.INVOKE_SESSION.replace("{run}", probe.nonce());
        Expect.equal(sent, session.asText(), invoke.request() + "'s session_id");
    }

    static void invokeAcceptsAConfigObject(Probe probe) {
        Answer answer = probe.send(Request.post("/invoke").authorized()
                .json("{\"input\":\"hello\",\"config\":{\"configurable\":{\"user_id\":\"validate-contract\"}}}"));
        Expect.status(answer, 200);
        output(answer);
    }

    static void invokeLeavesTheSidecarFieldsUnset(Probe probe) {
        Answer invoke = Calls.invoke(probe);
        Expect.status(invoke, 200);
        JsonNode body = Calls.object(invoke);
        List<String> set = new ArrayList<>();
        for (String field : SIDECAR_FIELDS) {
            if (body.has(field)) {
                set.add(field);
            }
        }
        Expect.that(set.isEmpty(), invoke.request() + "'s answer sets " + String.join(", ", set)
                + ", which the sidecar owns (an agent must not set them; if a sidecar answered, validate the agent "
                + "behind it)");
    }

    /** The answer is a JSON object whose output is a string, an object or an array. */
    private static void output(Answer answer) {
        Expect.mediaType(answer, "application/json");
        JsonNode output = Calls.object(answer).path("output");
        Expect.that(output.isTextual() || output.isObject() || output.isArray(), answer.request()
                + "'s answer has " + (output.isMissingNode() ? "no output" : "an output that is neither a string, "
                + "an object nor an array: " + output) + ": " + answer.excerpt());
    }
}
