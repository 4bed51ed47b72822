package dev.agentport.a2a;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Artifact;
import dev.agentport.json.Json;

import java.util.List;

/**
 * An A2A task as the server writes it.
 *
 * @param id        the task id
 * @param contextId the context (conversation) it belongs to
 * @param status    where it stands
 * @param artifacts what it produced, in order
 * @param metadata  facts for the caller (e.g. {@code contextUsage}), or {@code null}
 * @param history   the messages exchanged, oldest first (the caller's and the agent's questions)
 */
public record A2aTask(String id, String contextId, TaskStatus status, List<Artifact> artifacts, ObjectNode metadata,
                      List<A2aMessage> history) {

    public A2aTask {
        artifacts = List.copyOf(artifacts);
        history = history == null ? List.of() : List.copyOf(history);
    }

    public A2aTask(String id, String contextId, TaskStatus status, List<Artifact> artifacts, ObjectNode metadata) {
        this(id, contextId, status, artifacts, metadata, List.of());
    }

    public A2aTask withStatus(TaskStatus newStatus) {
        return new A2aTask(id, contextId, newStatus, artifacts, metadata, history);
    }

    /** The task with at most the last {@code length} history messages; {@code null} keeps them all. */
    public A2aTask withHistoryLength(Integer length) {
        if (length == null || length >= history.size()) {
            return this;
        }
        return new A2aTask(id, contextId, status, artifacts, metadata,
                history.subList(history.size() - Math.max(0, length), history.size()));
    }

    public ObjectNode toJson() {
        ObjectNode node = Json.object();
        node.put("kind", "task");
        node.put("id", id);
        node.put("contextId", contextId);
        node.set("status", status.toJson());
        if (!artifacts.isEmpty()) {
            ArrayNode array = node.putArray("artifacts");
            artifacts.forEach(artifact -> array.add(Artifacts.write(artifact)));
        }
        if (!history.isEmpty()) {
            ArrayNode messages = node.putArray("history");
            history.forEach(message -> messages.add(message.toJson()));
        }
        if (metadata != null && !metadata.isEmpty()) {
            node.set("metadata", metadata);
        }
        return node;
    }
}
