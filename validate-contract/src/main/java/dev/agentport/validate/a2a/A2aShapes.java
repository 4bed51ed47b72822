package dev.agentport.validate.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.Shape;

import java.util.List;

/**
 * The data model's shapes in each version: 0.3's JSON-RPC types ({@code kind} on tasks, messages, parts and events,
 * lower-case enums) and 1.0's ProtoJSON (no {@code kind}, {@code TASK_STATE_*}, {@code ROLE_*}, results wrapped as
 * {@code {"task":...}}). Fields the rules do not name are allowed.
 */
final class A2aShapes {

    private A2aShapes() {
    }

    /** A send's result: the task, or the message the agent answered with; answers the task, or {@code null}. */
    static JsonNode sendResult(JsonNode result, Version version, String where) {
        Shape.object(result, where);
        if (version == Version.V1_0) {
            if (result.has("task")) {
                task(result.get("task"), version, where + ".task");
                return result.get("task");
            }
            if (result.has("message")) {
                message(result.get("message"), version, where + ".message");
                return null;
            }
            throw new RuleFailed(where + " is neither {\"task\":...} nor {\"message\":...}: " + result);
        }
        String kind = Shape.oneOf(result, "kind", List.of("task", "message"), where);
        if (kind.equals("task")) {
            task(result, version, where);
            return result;
        }
        message(result, version, where);
        return null;
    }

    static void task(JsonNode task, Version version, String where) {
        Shape.object(task, where);
        if (version == Version.V0_3) {
            Shape.oneOf(task, "kind", List.of("task"), where);
        } else {
            noKind(task, where);
        }
        Shape.nonEmpty(task, "id", where);
        Shape.nonEmpty(task, "contextId", where);
        status(Shape.object(task, "status", where), version, where + ".status");
        if (task.has("artifacts")) {
            JsonNode artifacts = Shape.array(task, "artifacts", 0, where);
            for (int i = 0; i < artifacts.size(); i++) {
                artifact(artifacts.get(i), version, where + ".artifacts[" + i + "]");
            }
        }
        if (task.has("history")) {
            JsonNode history = Shape.array(task, "history", 0, where);
            for (int i = 0; i < history.size(); i++) {
                message(history.get(i), version, where + ".history[" + i + "]");
            }
        }
    }

    static void status(JsonNode status, Version version, String where) {
        Shape.oneOf(status, "state", version.states, where);
        if (status.has("message")) {
            message(status.get("message"), version, where + ".message");
        }
        Shape.optionalString(status, "timestamp", where);
    }

    static void message(JsonNode message, Version version, String where) {
        Shape.object(message, where);
        if (version == Version.V0_3) {
            Shape.oneOf(message, "kind", List.of("message"), where);
        } else {
            noKind(message, where);
        }
        Shape.nonEmpty(message, "messageId", where);
        Shape.oneOf(message, "role", List.of(version.userRole, version.agentRole), where);
        parts(message, version, where);
    }

    static void artifact(JsonNode artifact, Version version, String where) {
        Shape.object(artifact, where);
        Shape.nonEmpty(artifact, "artifactId", where);
        parts(artifact, version, where);
    }

    private static void parts(JsonNode holder, Version version, String where) {
        JsonNode parts = Shape.array(holder, "parts", 1, where);
        for (int i = 0; i < parts.size(); i++) {
            String at = where + ".parts[" + i + "]";
            JsonNode part = Shape.object(parts.get(i), at);
            if (version == Version.V0_3) {
                String kind = Shape.oneOf(part, "kind", List.of("text", "file", "data"), at);
                if (kind.equals("text")) {
                    Shape.string(part, "text", at);
                }
            } else {
                noKind(part, at);
                boolean content = part.has("text") || part.has("raw") || part.has("url") || part.has("data");
                if (!content) {
                    throw new RuleFailed(at + " has none of text, raw, url and data: " + part);
                }
            }
        }
    }

    /** 1.0 removed the {@code kind} discriminators: their presence shows a 0.3 shape on a 1.0 interface. */
    private static void noKind(JsonNode node, String where) {
        if (node.has("kind")) {
            throw new RuleFailed(where + " has kind \"" + node.get("kind").asText() + "\", which A2A 1.0 removed: "
                    + "a 0.3 shape answered on a 1.0 interface");
        }
    }
}
