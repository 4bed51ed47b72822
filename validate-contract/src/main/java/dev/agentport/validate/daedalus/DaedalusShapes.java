package dev.agentport.validate.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.Shape;

import java.util.List;

/**
 * The shapes of the contract's JSON Schemas (agent card, task, message), checked in code. Like those schemas, they
 * allow fields they do not name. Public, so that the project's own suites assert the same shapes.
 */
public final class DaedalusShapes {

    /** The states {@code task.schema.json} allows. */
    static final List<String> STATES = List.of("submitted", "working", "completed", "failed", "canceled",
            "input-required", "rejected");
    /** The states a task answered by {@code POST /} may be in. */
    static final List<String> ANSWERED_STATES = List.of("completed", "failed", "input-required");
    /** The states a stream may end in: terminal, or waiting for the caller. */
    static final List<String> LAST_STATES = List.of("completed", "failed", "canceled", "rejected", "input-required");

    private DaedalusShapes() {
    }

    /** The manifest's shape, as the contract's {@code runtime-contract.schema.json} states it. */
    public static void manifest(JsonNode manifest) {
        String where = "the manifest";
        Shape.object(manifest, where);
        String version = Shape.string(manifest, "contractVersion", where);
        if (!version.equals("v1")) {
            throw new RuleFailed("the manifest's contractVersion is \"" + version + "\", expected \"v1\"");
        }
        JsonNode runtime = Shape.object(manifest, "runtime", where);
        Shape.nonEmpty(runtime, "name", where + ".runtime");
        Shape.nonEmpty(runtime, "version", where + ".runtime");
        Shape.optionalString(runtime, "description", where + ".runtime");
        JsonNode server = Shape.object(manifest, "server", where);
        Shape.integer(server, "port", 1, 65535, where + ".server");
        for (String path : new String[] {"healthPath", "agentCardPath", "taskPath"}) {
            Shape.nonEmpty(server, path, where + ".server");
        }
        JsonNode capabilities = Shape.object(manifest, "capabilities", where);
        for (String capability : new String[] {"streaming", "traceContext", "gracefulShutdown"}) {
            Shape.bool(capabilities, capability, where + ".capabilities");
        }
        Shape.optionalBool(capabilities, "contextCompaction", false, where + ".capabilities");
        Shape.integer(manifest, "conformanceLevel", 1, 3, where);
    }

    /** {@code agent-card.schema.json}, skills aside. */
    public static void card(JsonNode card) {
        String where = "the agent card";
        Shape.object(card, where);
        Shape.nonEmpty(card, "name", where);
        Shape.nonEmpty(card, "description", where);
        // The contract's schema asks for a string; its conformance suite for a non-empty one.
        Shape.nonEmpty(card, "version", where);
        Shape.strings(card, "defaultInputModes", 1, where);
        Shape.strings(card, "defaultOutputModes", 1, where);
        Shape.array(card, "skills", 1, where);
        JsonNode capabilities = Shape.optionalObject(card, "capabilities", where);
        if (capabilities != null) {
            Shape.optionalBool(capabilities, "streaming", false, where + ".capabilities");
            Shape.optionalBool(capabilities, "pushNotifications", false, where + ".capabilities");
        }
    }

    /** Every skill has a non-empty id, name and description, and a tags array. */
    public static void skills(JsonNode card) {
        JsonNode skills = Shape.array(Shape.object(card, "the agent card"), "skills", 1, "the agent card");
        for (int i = 0; i < skills.size(); i++) {
            String where = "the agent card's skills[" + i + "]";
            JsonNode skill = Shape.object(skills.get(i), where);
            Shape.nonEmpty(skill, "id", where);
            Shape.nonEmpty(skill, "name", where);
            Shape.nonEmpty(skill, "description", where);
            Shape.strings(skill, "tags", 0, where);
        }
    }

    /** {@code task.schema.json}. */
    public static void task(JsonNode task, String where) {
        Shape.object(task, where);
        Shape.nonEmpty(task, "id", where);
        Shape.optionalString(task, "contextId", where);
        status(Shape.object(task, "status", where), where + ".status");
        if (task.has("artifacts")) {
            JsonNode artifacts = Shape.array(task, "artifacts", 0, where);
            for (int i = 0; i < artifacts.size(); i++) {
                artifact(artifacts.get(i), where + ".artifacts[" + i + "]");
            }
        }
        if (task.has("history")) {
            JsonNode history = Shape.array(task, "history", 0, where);
            for (int i = 0; i < history.size(); i++) {
                message(history.get(i), where + ".history[" + i + "]");
            }
        }
        Shape.optionalObject(task, "metadata", where);
    }

    public static void status(JsonNode status, String where) {
        Shape.oneOf(status, "state", STATES, where);
        if (status.has("message")) {
            message(status.get("message"), where + ".message");
        }
        Shape.optionalString(status, "timestamp", where);
    }

    public static void artifact(JsonNode artifact, String where) {
        Shape.object(artifact, where);
        Shape.nonEmpty(artifact, "artifactId", where);
        JsonNode parts = Shape.array(artifact, "parts", 1, where);
        for (int i = 0; i < parts.size(); i++) {
            Shape.object(parts.get(i), where + ".parts[" + i + "]");
        }
    }

    /** {@code message.schema.json}. */
    public static void message(JsonNode message, String where) {
        Shape.object(message, where);
        Shape.nonEmpty(message, "messageId", where);
        Shape.oneOf(message, "role", List.of("user", "agent"), where);
        JsonNode parts = Shape.array(message, "parts", 1, where);
        for (int i = 0; i < parts.size(); i++) {
            JsonNode part = Shape.object(parts.get(i), where + ".parts[" + i + "]");
            Shape.optionalString(part, "text", where + ".parts[" + i + "]");
        }
    }

    /** The text of a message's parts, joined; fails when it has none. */
    static String text(JsonNode message, String where) {
        StringBuilder text = new StringBuilder();
        for (JsonNode part : message.path("parts")) {
            text.append(part.path("text").asText(""));
        }
        if (text.toString().isBlank()) {
            throw new RuleFailed(where + " has no text part with a description: " + message);
        }
        return text.toString();
    }

    /**
     * {@code metadata.contextUsage} as the contract's proxy reports it: {@code currentTokens} and {@code turnCount},
     * optionally {@code compactionCount} and {@code usagePercent}.
     */
    public static void contextUsage(JsonNode usage, String where) {
        Shape.object(usage, where);
        Shape.integer(usage, "currentTokens", 0, Long.MAX_VALUE, where);
        Shape.integer(usage, "turnCount", 0, Integer.MAX_VALUE, where);
        if (usage.has("compactionCount")) {
            Shape.integer(usage, "compactionCount", 0, Integer.MAX_VALUE, where);
        }
        if (usage.has("usagePercent")) {
            Shape.number(usage, "usagePercent", 0, 100, where);
        }
    }
}
