package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Multi-round requests of 2026-07-28 (SEP-2322). The request is answered from the start on every round: a question
 * whose key has an answer (from {@code inputResponses}, or recorded in the signed {@code requestState}) gets it at
 * once; the first questions without one end the round with an {@code input_required} result that asks them and
 * records the answers used so far. Answers to keys never asked are ignored; a missing one is asked again.
 */
final class InputRounds implements Asker {

    static final String RESPONSES = "inputResponses";
    static final String STATE = "requestState";
    /** The methods that may answer {@code input_required}. */
    static final Set<String> METHODS = Set.of("tools/call", "prompts/get", "resources/read");

    private final ObjectNode answers;
    private final ObjectNode used = Json.object();

    private InputRounds(ObjectNode answers) {
        this.answers = answers;
    }

    /** The answers a request brings: its state's (checked first), then its {@code inputResponses}. */
    static InputRounds of(String method, ObjectNode params, RequestState states) {
        ObjectNode answers = Json.object();
        JsonNode state = params.get(STATE);
        if (state != null) {
            if (!state.isTextual()) {
                throw McpError.invalidParams("params.requestState must be the string the server gave");
            }
            answers.setAll(states.open(state.asText(), method, params));
        }
        JsonNode responses = params.get(RESPONSES);
        if (responses != null) {
            if (!responses.isObject()) {
                throw McpError.invalidParams("params.inputResponses must be an object of responses by key");
            }
            responses.properties().forEach(entry -> {
                if (!entry.getValue().isObject()) {
                    throw McpError.invalidParams("params.inputResponses." + McpScopes.sanitize(entry.getKey())
                            + " must be the client's result object");
                }
                answers.putIfAbsent(entry.getKey(), entry.getValue());
            });
        }
        return new InputRounds(answers);
    }

    @Override
    public Map<String, JsonNode> ask(Map<String, ClientRequest> requests) {
        Map<String, JsonNode> results = new LinkedHashMap<>();
        Map<String, ClientRequest> pending = new LinkedHashMap<>();
        requests.forEach((key, request) -> {
            JsonNode answer = answers.get(key);
            if (answer == null) {
                pending.put(key, request);
            } else {
                used.set(key, answer);
                results.put(key, answer);
            }
        });
        if (!pending.isEmpty()) {
            throw new InputRequired(pending);
        }
        return results;
    }

    /** The {@code input_required} result asking {@code pending}, with the answers used so far signed. */
    ObjectNode inputRequired(InputRequired pending, String method, ObjectNode params, RequestState states) {
        ObjectNode result = Json.object();
        result.put("resultType", "input_required");
        ObjectNode requests = result.putObject("inputRequests");
        pending.pending().forEach((key, request) -> requests.set(key, request.toJson()));
        result.put("requestState", states.seal(method, params, used));
        return result;
    }
}
