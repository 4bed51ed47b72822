package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.util.Optional;

/**
 * The agent's pauses in a {@code send_message} task: a run that pauses for a human asks the client through the task
 * ({@code input_required}, an {@code elicitation/create} with the agent's question, keyed {@code agent-question-<n>}
 * for the n-th pause of the task), and the answer sent with {@code tasks/update} continues the paused run, as the next
 * message of the conversation would. The tool runs again after each answer: the last answered round tells it which
 * pause to continue, so no earlier turn is run twice.
 */
final class AgentQuestions {

    static final String KEY = "agent-question-";

    private AgentQuestions() {
    }

    /** Whether a pause can be asked: the call is a task's and its client declared elicitation. */
    static boolean canAsk(McpCall call) {
        return call.taskId() != null && call.clientSupports("elicitation");
    }

    /** How many of the agent's questions the task's client has answered: 0 on the task's first run. */
    static int answered(McpCall call) {
        if (call.taskId() == null) {
            return 0;
        }
        int rounds = 0;
        while (call.answered(KEY + (rounds + 1)).isPresent()) {
            rounds++;
        }
        return rounds;
    }

    /** The human's answer to the question of {@code round}; empty when the client declined or cancelled it. */
    static Optional<String> reply(McpCall call, int round) {
        JsonNode answer = call.answered(KEY + round).orElseThrow();
        if (!answer.path("action").asText().equals("accept")) {
            return Optional.empty();
        }
        JsonNode text = answer.at("/content/answer");
        return Optional.of(text.isTextual() ? text.asText() : answer.path("content").toString());
    }

    /** Asks the question of {@code round}: in a task this ends the run, and the task waits for the answer. */
    static void ask(McpCall call, int round, String question) {
        ObjectNode params = Json.object();
        params.put("mode", "form");
        params.put("message", question);
        ObjectNode schema = params.putObject("requestedSchema");
        schema.put("type", "object");
        schema.putObject("properties").putObject("answer").put("type", "string")
                .put("description", "The answer to the agent's question");
        schema.putArray("required").add("answer");
        call.ask(KEY + round, new ClientRequest(ClientRequest.ELICITATION, params));
    }
}
