package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Artifact;
import dev.agentport.json.Json;

import java.io.IOException;
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
                      List<A2aMessage> history) implements WireValue {

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

    /** The task as a tree, for the state stores' form of it. */
    public ObjectNode toJson() {
        return (ObjectNode) tree();
    }

    @Override
    public void write(JsonGenerator out) throws IOException {
        write(out, ProtoJsonEdits.OFF);
    }

    /** Writes the task, telling {@code edits} where its history member lies and where 1.0's form differs. */
    void write(JsonGenerator out, ProtoJsonEdits edits) throws IOException {
        out.writeStartObject();
        int kind = edits.at(out);
        out.writeStringField("kind", "task");
        edits.dropMember(kind, out);
        out.writeStringField("id", id);
        out.writeStringField("contextId", contextId);
        out.writeFieldName("status");
        status.write(out, edits);
        if (!artifacts.isEmpty()) {
            out.writeArrayFieldStart("artifacts");
            for (Artifact artifact : artifacts) {
                Artifacts.write(out, artifact, edits);
            }
            out.writeEndArray();
        }
        edits.historyFrom(out);
        if (!history.isEmpty()) {
            out.writeArrayFieldStart("history");
            for (A2aMessage message : history) {
                message.write(out, edits);
            }
            out.writeEndArray();
        }
        edits.historyTo(out);
        if (metadata != null && !metadata.isEmpty()) {
            out.writeFieldName("metadata");
            Json.writeNode(out, metadata);
        }
        out.writeEndObject();
    }
}
