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
 */
public record A2aTask(String id, String contextId, TaskStatus status, List<Artifact> artifacts, ObjectNode metadata) {

    public A2aTask {
        artifacts = List.copyOf(artifacts);
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
        if (metadata != null && !metadata.isEmpty()) {
            node.set("metadata", metadata);
        }
        return node;
    }
}
