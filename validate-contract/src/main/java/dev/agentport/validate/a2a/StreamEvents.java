package dev.agentport.validate.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.Shape;

import java.util.ArrayList;
import java.util.List;

/**
 * A stream's events in the version's order: over JSON-RPC each is a response to the request (its {@code result} the
 * stream response), over HTTP+JSON each is the stream response itself.
 */
final class StreamEvents {

    private StreamEvents() {
    }

    /** The events of a JSON-RPC stream, each a response with the request's id {@code "1"}. */
    static void checkJsonRpc(List<JsonNode> events, Version version, String request) {
        List<JsonNode> results = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            String where = "event " + (i + 1) + " of " + request;
            JsonNode response = Shape.object(events.get(i), where);
            JsonRpc.envelope(response, where);
            Expect.equal("1", response.get("id").asText(null), where + "'s id");
            if (response.has("error")) {
                throw new RuleFailed(where + " is the JSON-RPC error " + response.get("error"));
            }
            results.add(response.get("result"));
        }
        check(results, version, request);
    }

    /** Stream responses: first the task or a message, then updates of that task, ending at a final state. */
    static void check(List<JsonNode> results, Version version, String request) {
        String taskId = null;
        for (int i = 0; i < results.size(); i++) {
            String where = "event " + (i + 1) + " of " + request;
            JsonNode result = results.get(i);
            String kind = kind(result, version, where);
            JsonNode body = version == Version.V1_0 ? result.get(kind) : result;
            if (i == 0) {
                Expect.that(kind.equals("task") || kind.equals("message"), where
                        + " must be the task or a message, not " + kind);
            }
            switch (kind) {
                case "message" -> {
                    A2aShapes.message(body, version, where);
                    Expect.equal(1, results.size(), "the events of a stream answered with a message");
                    return;
                }
                case "task" -> {
                    A2aShapes.task(body, version, where);
                    taskId = taskId == null ? body.get("id").asText() : taskId;
                    Expect.equal(taskId, body.get("id").asText(), where + "'s task id");
                }
                case "statusUpdate", "status-update" -> {
                    Expect.equal(taskId, Shape.string(body, "taskId", where), where + "'s taskId");
                    A2aShapes.status(Shape.object(body, "status", where), version, where + ".status");
                }
                default -> {
                    Expect.equal(taskId, Shape.string(body, "taskId", where), where + "'s taskId");
                    A2aShapes.artifact(Shape.object(body, "artifact", where), version, where + ".artifact");
                }
            }
        }
        JsonNode last = results.get(results.size() - 1);
        String kind = kind(last, version, "the last event");
        JsonNode body = version == Version.V1_0 ? last.get(kind) : last;
        String state = body.at("/status/state").asText("");
        Expect.that(!kind.contains("rtifact") && version.lastStates().contains(state), "the stream of " + request
                + " does not end at a final or interrupted state: its last event is " + last);
        if (version == Version.V0_3 && kind.equals("status-update")) {
            Expect.that(body.path("final").asBoolean(false), "the last status-update of " + request
                    + " has no final: true: " + last);
        }
    }

    private static String kind(JsonNode result, Version version, String where) {
        Shape.object(result, where + "'s result");
        if (version == Version.V0_3) {
            return Shape.oneOf(result, "kind", List.of("task", "message", "status-update", "artifact-update"),
                    where + "'s result");
        }
        for (String kind : List.of("task", "message", "statusUpdate", "artifactUpdate")) {
            if (result.has(kind)) {
                return kind;
            }
        }
        throw new RuleFailed(where + "'s result is none of task, message, statusUpdate and artifactUpdate: "
                + result);
    }
}
