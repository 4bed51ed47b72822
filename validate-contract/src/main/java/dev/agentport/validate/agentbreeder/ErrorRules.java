package dev.agentport.validate.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;

import java.util.ArrayList;
import java.util.List;

/**
 * Errors, from the full specification the contract's page points to (§4.6 and §6): bad requests are 400, and error
 * answers carry the envelope {@code {"error":{"code","message"}}}. The 401 and 403 bodies are advisory there, so they
 * are left out.
 */
final class ErrorRules {

    private ErrorRules() {
    }

    static void malformedJsonIs400(Probe probe) {
        Expect.status(Calls.malformedJson(probe), 400);
    }

    static void missingInputIs400(Probe probe) {
        Expect.status(Calls.missingInput(probe), 400);
    }

    static void streamRefusesABadBodyWithJsonNotAStream(Probe probe) {
        Answer answer = Calls.streamMissingInput(probe);
        Expect.that(answer.status() >= 400 && answer.status() < 500, answer.request()
                + " without an input answered " + answer.status() + ", expected a 4xx error: " + answer.excerpt());
        Expect.that(!answer.isEventStream(), answer.request() + " without an input opened an event stream; an "
                + "error before the stream must be a JSON answer");
        Expect.mediaType(answer, "application/json");
    }

    /** Checked on the error answers other rules asked for. */
    static void errorsAreInTheEnvelope(Probe probe) {
        List<Answer> errors = new ArrayList<>();
        errors.add(Calls.malformedJson(probe));
        errors.add(Calls.missingInput(probe));
        errors.add(Calls.streamMissingInput(probe));
        if (Calls.resumeServed(probe)) {
            errors.add(Calls.resumeUnknown(probe));
        }
        for (Answer error : errors) {
            if (error.status() >= 400) {
                envelope(error);
            }
        }
    }

    /** {@code {"error":{"code":"SCREAMING_SNAKE_CASE","message":"..."}}} as {@code application/json}. */
    static void envelope(Answer answer) {
        String where = answer.request() + "'s " + answer.status() + " body";
        Expect.mediaType(answer, "application/json");
        JsonNode body = Calls.object(answer);
        String code = Expect.text(body, "/error/code", where);
        Expect.that(code.matches("[A-Z][A-Z0-9]*(_[A-Z0-9]+)*"), where + " has the error.code \"" + code
                + "\", which is not SCREAMING_SNAKE_CASE");
        Expect.text(body, "/error/message", where);
    }
}
