package dev.agentport.validate.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.RuleSkipped;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.util.function.Supplier;

/**
 * The requests several AgentBreeder rules look at, each sent once per run, and the small checks they share. Every
 * session and thread id carries the run's nonce, so runs against a long-lived server never meet.
 */
final class Calls {

    static final String HELLO = "{\"input\":\"hello\"}";
    static final String INVOKE = "{\"input\":\"hello\",\"session_id\":\"validate-{run}-invoke\"}";
    static final String INVOKE_SESSION = "validate-{run}-invoke";
    static final String STREAM = "{\"input\":\"hello\",\"session_id\":\"validate-{run}-stream\"}";
    static final String UNKNOWN_THREAD = "{\"thread_id\":\"validate-{run}-unknown-thread\",\"human_input\":\"yes\"}";
    /** A token no server was given. */
    static final String WRONG_TOKEN = "validate-contract-wrong-token";

    private Calls() {
    }

    static Answer health(Probe probe) {
        return probe.remember("agentbreeder.health", () -> probe.send(Request.get("/health")));
    }

    /** {@code POST /invoke} with a string input and a session id, with the token. */
    static Answer invoke(Probe probe) {
        return probe.remember("agentbreeder.invoke", () -> probe.send(Request.post("/invoke").authorized()
                .json(INVOKE)));
    }

    /** {@code POST /stream} with a string input and a session id, with the token. */
    static Answer stream(Probe probe) {
        return probe.remember("agentbreeder.stream", () -> probe.send(Request.post("/stream").authorized()
                .json(STREAM)));
    }

    /** {@code POST /invoke} whose body is not JSON, with the token. */
    static Answer malformedJson(Probe probe) {
        return probe.remember("agentbreeder.malformed-json", () -> probe.send(Request.post("/invoke").authorized()
                .json("{\"input\": \"hello\"")));
    }

    /** {@code POST /invoke} without {@code input}, with the token. */
    static Answer missingInput(Probe probe) {
        return probe.remember("agentbreeder.missing-input", () -> probe.send(Request.post("/invoke").authorized()
                .json("{\"session_id\":\"validate-{run}-missing\"}")));
    }

    /** {@code POST /stream} without {@code input}, with the token: refused before any stream opens. */
    static Answer streamMissingInput(Probe probe) {
        return probe.remember("agentbreeder.stream-missing-input", () -> probe.send(Request.post("/stream")
                .authorized().json("{\"session_id\":\"validate-{run}-missing\"}")));
    }

    static Answer openApi(Probe probe) {
        return probe.remember("agentbreeder.openapi", () -> probe.send(Request.get("/openapi.json")));
    }

    static Answer agentCard(Probe probe) {
        return probe.remember("agentbreeder.agent-card", () -> probe.send(Request.get("/.well-known/agent.json")));
    }

    /** {@code POST /resume} of a thread that never existed, with the token. */
    static Answer resumeUnknown(Probe probe) {
        return probe.remember("agentbreeder.resume-unknown", () -> probe.send(Request.post("/resume").authorized()
                .json(UNKNOWN_THREAD)));
    }

    /**
     * Whether the server serves {@code /resume}, which the contract makes optional: not when it answers 501 or 405,
     * nor when its 404 is the one an unknown path gets (no route) rather than one about the thread.
     */
    static boolean resumeServed(Probe probe) {
        return probe.remember("agentbreeder.resume-served", () -> {
            Answer unknown = resumeUnknown(probe);
            if (unknown.status() == 501 || unknown.status() == 405) {
                return false;
            }
            if (unknown.status() != 404) {
                return true;
            }
            Answer nowhere = probe.send(Request.post("/validate-contract-{run}-no-such-path").authorized()
                    .json(UNKNOWN_THREAD));
            return nowhere.status() != 404 || !errorOf(unknown).equals(errorOf(nowhere));
        });
    }

    /** Skips the rule when {@code /resume} is not served. */
    static void requireResume(Probe probe) {
        if (!resumeServed(probe)) {
            Answer unknown = resumeUnknown(probe);
            throw Expect.skip("/resume is not served (" + unknown.request() + " answered " + unknown.status()
                    + "); the contract makes it optional");
        }
    }

    /** {@code POST /invoke} without a token: 401 when the server runs with auth. */
    static Answer invokeWithoutAToken(Probe probe) {
        return probe.remember("agentbreeder.invoke-without-token", () -> probe.send(Request.post("/invoke")
                .json(HELLO)));
    }

    /**
     * Skips the rule when the server runs without auth: no {@code --token} was given, and {@code POST /invoke}
     * without one is not refused with 401. Given a token, the server must run with auth.
     */
    static void requireAuth(Probe probe, String notChecked) {
        if (probe.hasToken()) {
            return;
        }
        Answer open = invokeWithoutAToken(probe);
        if (open.status() != 401) {
            throw Expect.skip("no --token was given and " + open.request() + " without one answered "
                    + open.status() + ", so the server is taken to run without auth; " + notChecked
                    + " was not checked");
        }
    }

    /** The body as a JSON object; fails when it is other JSON. */
    static JsonNode object(Answer answer) {
        JsonNode body = answer.json();
        Expect.that(body.isObject(), answer.request() + " answered " + answer.status()
                + " with JSON that is not an object: " + answer.excerpt());
        return body;
    }

    /** The answer of {@code call}, or {@code null} when the rule it belongs to was skipped (no token given). */
    static Answer unlessSkipped(Supplier<Answer> call) {
        try {
            return call.get();
        } catch (RuleSkipped e) {
            return null;
        }
    }

    /** What an error answer says went wrong: its error code, FastAPI's {@code detail}, or its text. */
    private static String errorOf(Answer answer) {
        try {
            JsonNode body = answer.json();
            JsonNode code = body.at("/error/code");
            if (code.isTextual()) {
                return code.asText();
            }
            return body.path("detail").isMissingNode() ? body.toString() : body.path("detail").toString();
        } catch (RuleFailed e) {
            return answer.text();
        }
    }
}
