package dev.agentport.a2a;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.time.Instant;

/**
 * A task's status.
 *
 * @param state     the state
 * @param message   what the agent says about it (a question, a failure), or {@code null}
 * @param timestamp when the task reached it
 */
public record TaskStatus(TaskState state, A2aMessage message, Instant timestamp) {

    public static TaskStatus of(TaskState state, A2aMessage message) {
        return new TaskStatus(state, message, Instant.now());
    }

    public ObjectNode toJson() {
        ObjectNode node = Json.object();
        node.put("state", state.wireName());
        if (message != null) {
            node.set("message", message.toJson());
        }
        node.put("timestamp", timestamp.toString());
        return node;
    }
}
