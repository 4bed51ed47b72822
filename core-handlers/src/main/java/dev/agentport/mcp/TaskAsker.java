package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How a task's tool asks the client: a question the task has an answer for (from an earlier {@code tasks/update})
 * gets it at once; the first ones without end the run, and the task waits in {@code input_required} with them. The
 * tool runs again from the start once every one is answered, as a 2026-07-28 multi-round request does.
 */
final class TaskAsker implements Asker {

    private final ObjectNode answers;

    TaskAsker(ObjectNode answers) {
        this.answers = answers;
    }

    @Override
    public Optional<JsonNode> answered(String key) {
        return Optional.ofNullable(answers.get(key));
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
                results.put(key, answer);
            }
        });
        if (!pending.isEmpty()) {
            throw new InputRequired(pending);
        }
        return results;
    }
}
