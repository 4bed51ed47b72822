package dev.agentport.validate.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.util.ArrayList;
import java.util.List;

/**
 * Section 6, Versioning: {@code X-Runtime-Contract-Version: 1} on every answer, the OpenAPI document's
 * {@code x-agentbreeder-runtime-contract}, and the header on a request (the full specification's §9.4: a server of one
 * version refuses another with 400).
 */
final class VersionRules {

    static final String HEADER = "X-Runtime-Contract-Version";

    private VersionRules() {
    }

    /** Checked on the answers other rules ask for too: health, invoke and stream, a 400, and a 401 when auth is on. */
    static void everyAnswerSaysVersion1(Probe probe) {
        List<Answer> answers = new ArrayList<>();
        answers.add(Calls.health(probe));
        answers.add(Calls.unlessSkipped(() -> Calls.invoke(probe)));
        answers.add(Calls.unlessSkipped(() -> Calls.stream(probe)));
        answers.add(Calls.unlessSkipped(() -> Calls.malformedJson(probe)));
        answers.add(Calls.invokeWithoutAToken(probe));
        for (Answer answer : answers) {
            if (answer != null) {
                Expect.equal("1", Expect.header(answer, HEADER), answer.request() + " (" + answer.status() + ")'s "
                        + HEADER);
            }
        }
    }

    static void openApiAdvertisesContract1(Probe probe) {
        Answer openApi = EndpointRules.served(Calls.openApi(probe));
        Expect.status(openApi, 200);
        JsonNode value = Calls.object(openApi).at("/info/x-agentbreeder-runtime-contract");
        Expect.that(value.isTextual() && value.asText().equals("1"),
                "GET /openapi.json's info.x-agentbreeder-runtime-contract is "
                        + (value.isMissingNode() ? "missing" : value.toString()) + ", expected the string \"1\"");
    }

    static void requestForVersion1IsServed(Probe probe) {
        Answer answer = probe.send(Request.post("/invoke").authorized().header(HEADER, "1").json(Calls.HELLO));
        Expect.status(answer, 200);
    }

    static void requestForAnotherVersionIs400(Probe probe) {
        Answer answer = probe.send(Request.post("/invoke").authorized().header(HEADER, "2").json(Calls.HELLO));
        Expect.status(answer, 400);
    }
}
