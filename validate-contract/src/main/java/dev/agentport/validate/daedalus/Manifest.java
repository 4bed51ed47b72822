package dev.agentport.validate.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

/**
 * The runtime's {@code runtime-contract.json}, read once per run: where the other rules find the health, card and
 * task paths, and the level it declares. A runtime need not ship one ("may ship"): then the contract's default paths
 * are used and level 1 is assumed.
 *
 * @param served      whether {@code GET /runtime-contract.json} answered 200 with a JSON object
 * @param body        the manifest, or {@code null}
 * @param problem     what is wrong with its shape, or {@code null} when it is valid
 * @param level       the declared conformance level, or 0 when none could be read
 * @param evidence    what the request answered, for reasons
 */
record Manifest(boolean served, JsonNode body, String problem, int level, String healthPath, String cardPath,
                String taskPath, String evidence) {

    static final String PATH = "/runtime-contract.json";
    static final String HEALTH = "/health";
    static final String CARD = "/.well-known/agent-card.json";
    static final String TASKS = "/";

    static Manifest of(Probe probe) {
        return probe.remember("daedalus.manifest", () -> fetch(probe));
    }

    /** The manifest's capability, {@code false} when it is absent or not a boolean. */
    boolean capability(String name) {
        return body != null && body.at("/capabilities/" + name).asBoolean(false);
    }

    private static Manifest fetch(Probe probe) {
        Answer answer = probe.send(Request.get(PATH));
        String evidence = "GET " + PATH + " answered " + answer.status();
        JsonNode body = null;
        if (answer.status() == 200) {
            try {
                body = answer.json();
            } catch (RuleFailed notJson) {
                return new Manifest(false, null, notJson.getMessage(), 0, HEALTH, CARD, TASKS, evidence);
            }
        }
        if (body == null || !body.isObject()) {
            return new Manifest(false, null, evidence + " without a JSON object: " + answer.excerpt(), 0, HEALTH,
                    CARD, TASKS, evidence);
        }
        String problem = null;
        try {
            DaedalusShapes.manifest(body);
        } catch (RuleFailed e) {
            problem = e.getMessage();
        }
        JsonNode declared = body.get("conformanceLevel");
        int level = declared != null && declared.isIntegralNumber() ? declared.asInt() : 0;
        return new Manifest(true, body, problem, level >= 1 && level <= 3 ? level : 0,
                path(body, "healthPath", HEALTH), path(body, "agentCardPath", CARD), path(body, "taskPath", TASKS),
                evidence);
    }

    private static String path(JsonNode manifest, String field, String fallback) {
        String path = manifest.at("/server/" + field).asText("");
        return path.startsWith("/") ? path : fallback;
    }
}
