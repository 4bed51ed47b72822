package dev.agentport.validate.agentbreeder;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Contract;
import dev.agentport.validate.Detection;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Rule;
import dev.agentport.validate.RuleSet;
import dev.agentport.validate.Settings;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.util.List;

/**
 * AgentBreeder Runtime Contract v1. Rules are numbered by the contract's sections, in its order: 1 Endpoints,
 * 2 Authentication, 3 Invoke shape, 4 Reserved sidecar fields, 5 Streaming, 6 Versioning.
 */
public final class AgentBreederRules implements RuleSet {

    private static final Contract AB = Contract.AGENTBREEDER;

    @Override
    public Contract contract() {
        return AB;
    }

    @Override
    public Detection detect(Probe probe) {
        Answer health = probe.send(Request.get("/health"));
        String version = health.header("X-Runtime-Contract-Version");
        if (version != null && health.mediaType().equals("application/json")) {
            return Detection.found(AB, "GET /health answered " + health.status() + " with X-Runtime-Contract-Version: "
                    + version);
        }
        return Detection.notFound(AB, "GET /health answered " + health.status()
                + " without the X-Runtime-Contract-Version header");
    }

    @Override
    public List<Rule> rules(Settings settings) {
        return List.of(
                Rule.of(AB, "1.1", "health_answers_200_with_a_status", AgentBreederRules::healthAnswers),
                Rule.of(AB, "2.1", "invoke_without_a_token_is_401", AgentBreederRules::invokeWithoutTokenIs401));
    }

    private static void healthAnswers(Probe probe) {
        Answer health = probe.send(Request.get("/health"));
        Expect.status(health, 200);
        Expect.mediaType(health, "application/json");
        JsonNode body = health.json();
        Expect.text(body, "/status", "GET /health's body");
    }

    private static void invokeWithoutTokenIs401(Probe probe) {
        if (!probe.hasToken()) {
            throw Expect.skip("no --token was given, so the server is taken to run without auth");
        }
        Answer answer = probe.send(Request.post("/invoke").json("{\"input\":\"hello\"}"));
        Expect.status(answer, 401);
        Expect.text(answer.json(), "/error/code", "the 401's body");
    }
}
