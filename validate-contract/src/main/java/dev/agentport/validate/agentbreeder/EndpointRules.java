package dev.agentport.validate.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.util.Set;

/** Section 1, Endpoints: the three required ones answer, and the optional ones answer as the contract says when served. */
final class EndpointRules {

    private static final Set<String> HEALTH_STATUSES = Set.of("healthy", "ok", "loading");

    private EndpointRules() {
    }

    static void healthAnswers(Probe probe) {
        Answer health = Calls.health(probe);
        Expect.status(health, 200);
        Expect.mediaType(health, "application/json");
        String status = Expect.text(Calls.object(health), "/status", "GET /health's body");
        Expect.that(HEALTH_STATUSES.contains(status), "GET /health's status is \"" + status
                + "\", expected healthy (or ok, or loading)");
    }

    static void healthNamesTheAgent(Probe probe) {
        Answer health = Calls.health(probe);
        Expect.status(health, 200);
        JsonNode body = Calls.object(health);
        Expect.text(body, "/agent_name", "GET /health's body");
        Expect.text(body, "/version", "GET /health's body");
    }

    static void invokeAnswers(Probe probe) {
        Answer invoke = Calls.invoke(probe);
        Expect.status(invoke, 200);
        Expect.mediaType(invoke, "application/json");
    }

    static void streamAnswers(Probe probe) {
        Answer stream = Calls.stream(probe);
        Expect.status(stream, 200);
        Expect.mediaType(stream, "text/event-stream");
    }

    static void resumeAnswers(Probe probe) {
        Expect.status(Calls.resumeUnknown(probe), 200, 404, 501);
    }

    static void resumeOfAnUnknownThreadIs404(Probe probe) {
        Calls.requireResume(probe);
        Expect.status(Calls.resumeUnknown(probe), 404);
    }

    /** Asks for something an agent may pause on; resumes the pause when there is one. */
    static void resumeContinuesAPausedRun(Probe probe) {
        Calls.requireResume(probe);
        Answer paused = probe.send(Request.post("/invoke").authorized()
                .json("{\"input\":\"please approve the payment\",\"session_id\":\"validate-{run}-pause\"}"));
        Expect.status(paused, 200);
        JsonNode body = Calls.object(paused);
        if (!body.at("/metadata/interrupted").asBoolean(false)) {
            throw Expect.skip("the agent did not pause on " + paused.request() + " (metadata.interrupted is not true), "
                    + "so resuming a paused run was not checked");
        }
        String thread = threadOf(body);
        Answer resumed = probe.send(Request.post("/resume").authorized()
                .json("{\"thread_id\":\"" + thread + "\",\"human_input\":\"yes\"}"));
        Expect.status(resumed, 200);
        Expect.mediaType(resumed, "application/json");
        Expect.that(Calls.object(resumed).has("output"), resumed.request() + " of the paused thread " + thread
                + " answered without an output: " + resumed.excerpt());
    }

    static void openApiIsADocument(Probe probe) {
        Answer openApi = served(Calls.openApi(probe));
        Expect.status(openApi, 200);
        String version = Expect.text(Calls.object(openApi), "/openapi", "GET /openapi.json's body");
        Expect.that(version.startsWith("3."), "GET /openapi.json's openapi is \"" + version + "\", expected 3.x");
    }

    static void agentCardNamesTheAgent(Probe probe) {
        Answer card = served(Calls.agentCard(probe));
        Expect.status(card, 200);
        JsonNode body = Calls.object(card);
        Expect.text(body, "/name", "GET /.well-known/agent.json's body");
        Expect.text(body, "/version", "GET /.well-known/agent.json's body");
    }

    /** The answer to an optional endpoint; skips the rule when it is not served (404). */
    static Answer served(Answer answer) {
        if (answer.status() == 404) {
            throw Expect.skip(answer.request() + " answered 404; the contract makes it optional");
        }
        return answer;
    }

    /** The paused run's thread: the session id, or the thread id a LangGraph server answers with. */
    private static String threadOf(JsonNode paused) {
        for (String pointer : new String[] {"/session_id", "/thread_id", "/output/thread_id"}) {
            if (paused.at(pointer).isTextual() && !paused.at(pointer).asText().isEmpty()) {
                return paused.at(pointer).asText();
            }
        }
        throw new dev.agentport.validate.RuleFailed("the paused run's answer names no session_id or thread_id to "
                + "resume: " + paused);
    }
}
