package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.Artifacts;
import dev.agentport.a2a.StreamEvents;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Part;
import dev.agentport.json.Json;

import java.util.Base64;

/**
 * Tasks, messages and stream events in each version's wire form: 0.3 with {@code kind} discriminators, lowercase
 * states and {@code final} on status updates (the shared A2A shapes); 1.0 in ProtoJSON, with {@code ROLE_*} and
 * {@code TASK_STATE_*} enums, parts without {@code kind}, and results wrapped in {@code task}, {@code statusUpdate} or
 * {@code artifactUpdate}.
 */
final class WireShapes {

    private WireShapes() {
    }

    /** A task as a {@code SendMessage} or stream result. */
    static ObjectNode taskResult(ProtocolVersion version, A2aTask task) {
        return version == ProtocolVersion.V0_3 ? task.toJson() : wrap("task", task(task));
    }

    /** A task as {@code GetTask}, {@code CancelTask} or {@code ListTasks} answer it. */
    static ObjectNode task(ProtocolVersion version, A2aTask task) {
        return version == ProtocolVersion.V0_3 ? task.toJson() : task(task);
    }

    static ObjectNode statusUpdate(ProtocolVersion version, String taskId, String contextId, TaskStatus status,
                                   boolean last, ObjectNode metadata) {
        if (version == ProtocolVersion.V0_3) {
            return StreamEvents.statusUpdate(taskId, contextId, status, last, metadata);
        }
        ObjectNode update = Json.object().put("taskId", taskId).put("contextId", contextId);
        update.set("status", status(status));
        if (metadata != null && !metadata.isEmpty()) {
            update.set("metadata", metadata);
        }
        return wrap("statusUpdate", update);
    }

    static ObjectNode artifactUpdate(ProtocolVersion version, String taskId, String contextId, Artifact artifact,
                                     boolean append, boolean lastChunk) {
        if (version == ProtocolVersion.V0_3) {
            return StreamEvents.artifactUpdate(taskId, contextId, artifact, append, lastChunk);
        }
        ObjectNode update = Json.object().put("taskId", taskId).put("contextId", contextId);
        update.set("artifact", artifact(artifact));
        update.put("append", append).put("lastChunk", lastChunk);
        return wrap("artifactUpdate", update);
    }

    private static ObjectNode task(A2aTask task) {
        ObjectNode node = Json.object().put("id", task.id()).put("contextId", task.contextId());
        node.set("status", status(task.status()));
        if (!task.artifacts().isEmpty()) {
            ArrayNode artifacts = node.putArray("artifacts");
            task.artifacts().forEach(artifact -> artifacts.add(artifact(artifact)));
        }
        if (!task.history().isEmpty()) {
            ArrayNode history = node.putArray("history");
            task.history().forEach(message -> history.add(message(message)));
        }
        if (task.metadata() != null && !task.metadata().isEmpty()) {
            node.set("metadata", task.metadata());
        }
        return node;
    }

    private static ObjectNode status(TaskStatus status) {
        ObjectNode node = status.toJson();
        node.put("state", "TASK_STATE_" + status.state().name());
        if (status.message() != null) {
            node.set("message", message(status.message()));
        }
        return node;
    }

    private static ObjectNode message(A2aMessage message) {
        ObjectNode node = Json.object().put("messageId", message.messageId())
                .put("role", message.role().equals("user") ? "ROLE_USER" : "ROLE_AGENT");
        ArrayNode parts = node.putArray("parts");
        message.parts().forEach(part -> parts.add(part(part)));
        if (message.taskId() != null) {
            node.put("taskId", message.taskId());
        }
        if (message.contextId() != null) {
            node.put("contextId", message.contextId());
        }
        return node;
    }

    private static ObjectNode artifact(Artifact artifact) {
        ObjectNode node = Artifacts.write(artifact);
        ArrayNode parts = node.putArray("parts");
        artifact.parts().forEach(part -> parts.add(part(part)));
        return node;
    }

    private static ObjectNode part(Part part) {
        ObjectNode node = Json.object();
        switch (part) {
            case Part.Text text -> node.put("text", text.text());
            case Part.Data data -> node.set("data", data.data());
            case Part.File file -> {
                if (file.bytes() != null) {
                    node.put("raw", Base64.getEncoder().encodeToString(file.bytes()));
                } else {
                    node.put("url", file.uri());
                }
                if (file.name() != null) {
                    node.put("filename", file.name());
                }
                if (file.mimeType() != null) {
                    node.put("mediaType", file.mimeType());
                }
            }
        }
        return node;
    }

    private static ObjectNode wrap(String field, ObjectNode value) {
        ObjectNode node = Json.object();
        node.set(field, value);
        return node;
    }
}
