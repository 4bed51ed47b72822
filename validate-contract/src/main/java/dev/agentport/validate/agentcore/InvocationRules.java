package dev.agentport.validate.agentcore;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.SseEvent;

/**
 * Section 2.1, {@code POST /invocations}: JSON in; JSON out, or Server-Sent Events for a caller that accepts them;
 * input that is not JSON refused with a client error the caller can read, never a server error.
 */
final class InvocationRules {

    private InvocationRules() {
    }

    static void answersJsonForAJsonPayload(Probe probe) {
        Answer answer = probe.send(Calls.invocation("json").header("Accept", "application/json"));
        Expect.status(answer, 200);
        Expect.mediaType(answer, "application/json");
        answer.json();
    }

    static void acceptingEventsAnswersServerSentEvents(Probe probe) {
        Answer answer = probe.send(Calls.invocation("events").header("Accept", "text/event-stream"));
        Expect.status(answer, 200);
        Expect.mediaType(answer, "text/event-stream");
        Expect.that(!answer.events().isEmpty(), answer.request() + " with Accept: text/event-stream answered no "
                + "event: " + answer.excerpt());
        for (SseEvent event : answer.events()) {
            Expect.that(event.data() != null && !event.data().isEmpty(), answer.request() + " answered an event "
                    + "without data: " + answer.excerpt());
        }
    }

    static void malformedJsonIsA4xxJsonError(Probe probe) {
        clientErrorInJson(probe.send(Calls.invocation("application/json",
                "{\"prompt\":\"validate-contract malformed")), "a body that is not JSON");
    }

    static void nonJsonMediaTypeIsA4xxJsonError(Probe probe) {
        clientErrorInJson(probe.send(Calls.invocation("text/plain", "validate-contract plain text")),
                "a text/plain body");
    }

    private static void clientErrorInJson(Answer answer, String sent) {
        Expect.that(answer.status() >= 400 && answer.status() < 500, answer.request() + " with " + sent
                + " answered " + answer.status() + ", expected a 4xx: " + answer.excerpt());
        Expect.mediaType(answer, "application/json");
        JsonNode body = answer.json();
        Expect.that(body.isObject(), answer.request() + " with " + sent + " answered JSON that is not an object: "
                + answer.excerpt());
    }
}
