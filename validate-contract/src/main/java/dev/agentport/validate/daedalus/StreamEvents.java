package dev.agentport.validate.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.agentport.validate.Expect;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.Shape;

/** The events of a Daedalus stream, in A2A 0.3's form ({@code kind}), 1.0's (wrapped), or without either. */
final class StreamEvents {

    private StreamEvents() {
    }

    /** Checks one event and answers its status holder (with {@code status}), or an empty object. */
    static JsonNode check(JsonNode event, String taskId, String where) {
        Shape.object(event, where);
        JsonNode body = event;
        String kind = event.path("kind").asText("");
        if (event.has("statusUpdate")) {
            body = event.get("statusUpdate");
            kind = "status-update";
        } else if (event.has("artifactUpdate")) {
            body = event.get("artifactUpdate");
            kind = "artifact-update";
        } else if (event.has("task")) {
            body = event.get("task");
            kind = "task";
        } else if (kind.isEmpty()) {
            kind = event.has("artifact") ? "artifact-update" : event.has("taskId") ? "status-update" : "task";
        }
        switch (kind) {
            case "task" -> {
                DaedalusShapes.task(body, where + " (a task)");
                Expect.equal(taskId, body.get("id").asText(), where + "'s task id");
            }
            case "status-update" -> {
                Expect.equal(taskId, Shape.string(body, "taskId", where), where + "'s taskId");
                DaedalusShapes.status(Shape.object(body, "status", where), where + ".status");
            }
            case "artifact-update" -> {
                Expect.equal(taskId, Shape.string(body, "taskId", where), where + "'s taskId");
                DaedalusShapes.artifact(Shape.object(body, "artifact", where), where + ".artifact");
                return JsonNodeFactory.instance.objectNode();
            }
            default -> throw new RuleFailed(where + " is neither a task, a status update nor an artifact update: "
                    + event);
        }
        return body;
    }
}
