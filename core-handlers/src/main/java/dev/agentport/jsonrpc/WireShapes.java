package dev.agentport.jsonrpc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.Artifacts;
import dev.agentport.a2a.StreamEvents;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WireValue;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Part;

import java.io.IOException;
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
    static WireValue taskResult(ProtocolVersion version, A2aTask task) {
        return version == ProtocolVersion.V0_3 ? task : wrap("task", out -> task(out, task));
    }

    /** A task as {@code GetTask}, {@code CancelTask} or {@code ListTasks} answer it. */
    static WireValue task(ProtocolVersion version, A2aTask task) {
        return version == ProtocolVersion.V0_3 ? task : out -> task(out, task);
    }

    static WireValue statusUpdate(ProtocolVersion version, String taskId, String contextId, TaskStatus status,
                                  boolean last, ObjectNode metadata) {
        if (version == ProtocolVersion.V0_3) {
            return StreamEvents.statusUpdate(taskId, contextId, status, last, metadata);
        }
        return wrap("statusUpdate", out -> {
            out.writeStartObject();
            out.writeStringField("taskId", taskId);
            out.writeStringField("contextId", contextId);
            out.writeFieldName("status");
            status(out, status);
            if (metadata != null && !metadata.isEmpty()) {
                out.writeFieldName("metadata");
                out.writeTree(metadata);
            }
            out.writeEndObject();
        });
    }

    static WireValue artifactUpdate(ProtocolVersion version, String taskId, String contextId, Artifact artifact,
                                    boolean append, boolean lastChunk) {
        if (version == ProtocolVersion.V0_3) {
            return StreamEvents.artifactUpdate(taskId, contextId, artifact, append, lastChunk);
        }
        return wrap("artifactUpdate", out -> {
            out.writeStartObject();
            out.writeStringField("taskId", taskId);
            out.writeStringField("contextId", contextId);
            out.writeFieldName("artifact");
            artifact(out, artifact);
            out.writeBooleanField("append", append);
            out.writeBooleanField("lastChunk", lastChunk);
            out.writeEndObject();
        });
    }

    private static void task(JsonGenerator out, A2aTask task) throws IOException {
        out.writeStartObject();
        out.writeStringField("id", task.id());
        out.writeStringField("contextId", task.contextId());
        out.writeFieldName("status");
        status(out, task.status());
        if (!task.artifacts().isEmpty()) {
            out.writeArrayFieldStart("artifacts");
            for (Artifact artifact : task.artifacts()) {
                artifact(out, artifact);
            }
            out.writeEndArray();
        }
        if (!task.history().isEmpty()) {
            out.writeArrayFieldStart("history");
            for (A2aMessage message : task.history()) {
                message(out, message);
            }
            out.writeEndArray();
        }
        if (task.metadata() != null && !task.metadata().isEmpty()) {
            out.writeFieldName("metadata");
            out.writeTree(task.metadata());
        }
        out.writeEndObject();
    }

    private static void status(JsonGenerator out, TaskStatus status) throws IOException {
        out.writeStartObject();
        out.writeStringField("state", status.state().protoName());
        if (status.message() != null) {
            out.writeFieldName("message");
            message(out, status.message());
        }
        out.writeStringField("timestamp", status.timestampText());
        out.writeEndObject();
    }

    private static void message(JsonGenerator out, A2aMessage message) throws IOException {
        out.writeStartObject();
        out.writeStringField("messageId", message.messageId());
        out.writeStringField("role", message.role().equals("user") ? "ROLE_USER" : "ROLE_AGENT");
        out.writeArrayFieldStart("parts");
        for (Part part : message.parts()) {
            part(out, part);
        }
        out.writeEndArray();
        if (message.taskId() != null) {
            out.writeStringField("taskId", message.taskId());
        }
        if (message.contextId() != null) {
            out.writeStringField("contextId", message.contextId());
        }
        out.writeEndObject();
    }

    private static void artifact(JsonGenerator out, Artifact artifact) throws IOException {
        Artifacts.write(out, artifact, WireShapes::part);
    }

    private static void part(JsonGenerator out, Part part) throws IOException {
        out.writeStartObject();
        switch (part) {
            case Part.Text text -> out.writeStringField("text", text.text());
            case Part.Data data -> {
                out.writeFieldName("data");
                out.writeTree(data.data());
            }
            case Part.File file -> {
                if (file.bytes() != null) {
                    out.writeStringField("raw", Base64.getEncoder().encodeToString(file.bytes()));
                } else {
                    out.writeStringField("url", file.uri());
                }
                if (file.name() != null) {
                    out.writeStringField("filename", file.name());
                }
                if (file.mimeType() != null) {
                    out.writeStringField("mediaType", file.mimeType());
                }
            }
        }
        out.writeEndObject();
    }

    private static WireValue wrap(String field, WireValue value) {
        return out -> {
            out.writeStartObject();
            out.writeFieldName(field);
            value.write(out);
            out.writeEndObject();
        };
    }
}
