package dev.agentport.a2a;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Part;
import dev.agentport.json.Json;
import dev.agentport.task.TaskPage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * Tasks, messages and stream events in A2A 1.0's ProtoJSON form, which its JSON-RPC and HTTP+JSON bindings share:
 * {@code ROLE_*} and {@code TASK_STATE_*} enums, parts without {@code kind}, and send results and stream events
 * wrapped in {@code task}, {@code statusUpdate} or {@code artifactUpdate}.
 */
public final class ProtoJsonShapes {

    private static final byte[] TASK_RESULT_BEFORE = "{\"task\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TASK_RESULT_AFTER = {'}'};

    private ProtoJsonShapes() {
    }

    /** A task as a {@code SendMessage} or stream result: {@code {"task":{...}}}. */
    public static WireValue taskResult(A2aTask task) {
        return wrap("task", task(task));
    }

    /**
     * The bytes of {@link #taskResult(A2aTask)} for a task as it ended, between {@code before} and {@code after} (an
     * envelope's): its written form edited into ProtoJSON, or the task written again when it cannot be (a file part).
     */
    public static byte[] writtenTaskResult(WrittenTask written, byte[] before, byte[] after) {
        byte[] edited = written.protoJsonEdits().apply(written.bytes(), concat(before, TASK_RESULT_BEFORE),
                concat(TASK_RESULT_AFTER, after));
        return edited != null ? edited : concat(concat(before, taskResult(written.task()).bytes()), after);
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    /** A task as {@code GetTask}, {@code CancelTask} or {@code ListTasks} answer it. */
    public static WireValue task(A2aTask task) {
        return out -> task(out, task);
    }

    public static WireValue statusUpdate(String taskId, String contextId, TaskStatus status, ObjectNode metadata) {
        return wrap("statusUpdate", out -> {
            out.writeStartObject();
            out.writeStringField("taskId", taskId);
            out.writeStringField("contextId", contextId);
            out.writeFieldName("status");
            status(out, status);
            if (metadata != null && !metadata.isEmpty()) {
                out.writeFieldName("metadata");
                Json.writeNode(out, metadata);
            }
            out.writeEndObject();
        });
    }

    public static WireValue artifactUpdate(String taskId, String contextId, Artifact artifact, boolean append,
                                           boolean lastChunk) {
        return wrap("artifactUpdate", out -> {
            out.writeStartObject();
            out.writeStringField("taskId", taskId);
            out.writeStringField("contextId", contextId);
            out.writeFieldName("artifact");
            Artifacts.write(out, artifact, ProtoJsonShapes::part);
            out.writeBooleanField("append", append);
            out.writeBooleanField("lastChunk", lastChunk);
            out.writeEndObject();
        });
    }

    /** A {@code ListTasks} answer: the page's tasks (already trimmed), its next token, page size and total. */
    public static WireValue taskList(TaskPage page, List<A2aTask> shown, int pageSize) {
        return out -> {
            out.writeStartObject();
            out.writeArrayFieldStart("tasks");
            for (A2aTask task : shown) {
                task(out, task);
            }
            out.writeEndArray();
            out.writeStringField("nextPageToken", page.nextPageToken());
            out.writeNumberField("pageSize", pageSize);
            out.writeNumberField("totalSize", page.totalSize());
            out.writeEndObject();
        };
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
                Artifacts.write(out, artifact, ProtoJsonShapes::part);
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
            Json.writeNode(out, task.metadata());
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
        status.writeTimestamp(out);
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

    private static void part(JsonGenerator out, Part part) throws IOException {
        out.writeStartObject();
        switch (part) {
            case Part.Text text -> out.writeStringField("text", text.text());
            case Part.Data data -> {
                out.writeFieldName("data");
                Json.writeNode(out, data.data());
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
