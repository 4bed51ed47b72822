package dev.agentport.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;

/**
 * One {@code POST /run-task} body as read. Unknown fields are ignored, as the contract asks of old adapters.
 *
 * @param taskRunId        {@code task_run_id}: the platform's task id; this run's id
 * @param conversationId   {@code conversation_id}: the conversation, the session key
 * @param text             {@code input.text}: what the agent is asked
 * @param workspaceId      {@code workspace_id}, or {@code null}
 * @param taskType         {@code task_type}, or {@code null}
 * @param initiatorAgentId {@code initiator_agent_id}, or {@code null}
 * @param targetAgentId    {@code target_agent_id}, or {@code null}
 * @param platform         {@code platform} ({@code name}, {@code origin}), or {@code null}
 */
record RunTask(String taskRunId,
               String conversationId,
               String text,
               String workspaceId,
               String taskType,
               String initiatorAgentId,
               String targetAgentId,
               ObjectNode platform) {

    static final String RUNTIME_TOKEN = "runtime_token";

    /** Reads and checks the body; a {@link BadTask} names the first field at fault, never its value. */
    static RunTask read(ObjectNode body) {
        if (carriesRuntimeToken(body)) {
            throw new BadTask(RUNTIME_TOKEN + " must not be sent to the local adapter; it stays in the runtime's "
                    + "profile");
        }
        JsonNode input = body.get("input");
        if (input == null || !input.isObject()) {
            throw new BadTask(input == null ? "input is required: send {\"input\":{\"text\":\"...\"}}"
                    : "input must be an object, got " + JsonBodyReader.kind(input));
        }
        JsonNode platform = body.get("platform");
        if (platform != null && !platform.isNull() && !platform.isObject()) {
            throw new BadTask("platform must be an object, got " + JsonBodyReader.kind(platform));
        }
        return new RunTask(
                required(body, "task_run_id"),
                required(body, "conversation_id"),
                requiredText(input),
                optional(body, "workspace_id"),
                optional(body, "task_type"),
                optional(body, "initiator_agent_id"),
                optional(body, "target_agent_id"),
                platform == null || platform.isNull() ? null : (ObjectNode) platform);
    }

    /** What the agent sees besides the text: the ids and the platform, as {@code RunContext.metadata()}. */
    ObjectNode metadata() {
        ObjectNode metadata = Json.object();
        metadata.put("task_run_id", taskRunId);
        metadata.put("conversation_id", conversationId);
        putIfSet(metadata, "workspace_id", workspaceId);
        putIfSet(metadata, "task_type", taskType);
        putIfSet(metadata, "initiator_agent_id", initiatorAgentId);
        putIfSet(metadata, "target_agent_id", targetAgentId);
        if (platform != null) {
            metadata.set("platform", platform);
        }
        return metadata;
    }

    /** Anywhere in the body: a token nested in {@code platform} or {@code input} is as much out of place. */
    private static boolean carriesRuntimeToken(JsonNode node) {
        if (node.isObject() && node.has(RUNTIME_TOKEN)) {
            return true;
        }
        for (JsonNode child : node) {
            if (carriesRuntimeToken(child)) {
                return true;
            }
        }
        return false;
    }

    private static String requiredText(JsonNode input) {
        JsonNode text = input.get("text");
        if (text == null || text.isNull()) {
            throw new BadTask("input.text is required");
        }
        if (!text.isTextual()) {
            throw new BadTask("input.text must be a string, got " + JsonBodyReader.kind(text));
        }
        if (text.asText().isBlank()) {
            throw new BadTask("input.text is empty");
        }
        return text.asText();
    }

    private static String required(ObjectNode body, String field) {
        String value = optional(body, field);
        if (value == null || value.isBlank()) {
            throw new BadTask(field + " is required");
        }
        return value;
    }

    private static String optional(ObjectNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new BadTask(field + " must be a string, got " + JsonBodyReader.kind(value));
        }
        return value.asText();
    }

    private static void putIfSet(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }
}
