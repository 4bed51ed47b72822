package dev.agentport.a2a;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A task's status.
 *
 * @param state     the state
 * @param message   what the agent says about it (a question, a failure), or {@code null}
 * @param timestamp when the task reached it; written as A2A asks, {@code YYYY-MM-DDTHH:mm:ss.sssZ}
 */
public record TaskStatus(TaskState state, A2aMessage message, Instant timestamp) {

    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    public static TaskStatus of(TaskState state, A2aMessage message) {
        return new TaskStatus(state, message, Instant.now());
    }

    public ObjectNode toJson() {
        ObjectNode node = Json.object();
        node.put("state", state.wireName());
        if (message != null) {
            node.set("message", message.toJson());
        }
        node.put("timestamp", TIMESTAMP.format(timestamp));
        return node;
    }
}
