package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;

/**
 * A task of the tasks extension as the task store keeps it: its wire fields, the tool call it runs (so that any
 * instance can run it again once the client answered its questions), the questions it waits on and every answer it
 * got so far.
 *
 * @param id              the task id, unguessable
 * @param status          {@code working}, {@code input_required}, {@code completed}, {@code failed} or
 *                        {@code cancelled}
 * @param statusMessage   a sentence on the status, or {@code null}
 * @param createdAt       when the task was made
 * @param lastUpdatedAt   when its status last changed
 * @param tool            the tool it runs
 * @param arguments       the arguments the tool runs with
 * @param protocolVersion the protocol version of the call that made it
 * @param sessionId       the MCP session of that call, or {@code null}
 * @param capabilities    the client capabilities that call declared
 * @param answers         the client's answers so far, by question key
 * @param inputRequests   the questions still waiting ({@code input_required}), by key; empty otherwise
 * @param result          the tool's result ({@code completed}), else {@code null}
 * @param error           the JSON-RPC error ({@code failed}), else {@code null}
 */
record McpTask(String id, String status, String statusMessage, Instant createdAt, Instant lastUpdatedAt,
               String tool, ObjectNode arguments, String protocolVersion, String sessionId, Set<String> capabilities,
               ObjectNode answers, ObjectNode inputRequests, ObjectNode result, ObjectNode error) {

    static final String WORKING = "working";
    static final String INPUT_REQUIRED = "input_required";
    static final String COMPLETED = "completed";
    static final String FAILED = "failed";
    static final String CANCELLED = "cancelled";

    McpTask {
        capabilities = Set.copyOf(capabilities);
        answers = answers == null ? Json.object() : answers;
        inputRequests = inputRequests == null ? Json.object() : inputRequests;
    }

    /** The JSON-RPC error a {@code failed} task carries. */
    static ObjectNode error(McpError error) {
        ObjectNode body = Json.object();
        body.put("code", error.code());
        body.put("message", error.getMessage());
        if (error.data() != null) {
            body.set("data", error.data());
        }
        return body;
    }

    /** A new task, working, that runs {@code tool}. */
    static McpTask working(String id, Instant now, String tool, ObjectNode arguments, McpScope scope,
                           Set<String> capabilities) {
        return new McpTask(id, WORKING, null, now, now, tool, arguments, scope.protocolVersion(), scope.sessionId(),
                capabilities, null, null, null, null);
    }

    boolean terminal() {
        return status.equals(COMPLETED) || status.equals(FAILED) || status.equals(CANCELLED);
    }

    /** The protocol the task's tool runs in: the one of the call that made it. */
    McpScope scope() {
        return new McpScope(protocolVersion, ProtocolVersions.PER_REQUEST.contains(protocolVersion), sessionId);
    }

    /** This task in another status; what belongs to the old status (questions, result, error) goes. */
    McpTask moved(String newStatus, String message, Instant now, ObjectNode newAnswers, ObjectNode questions,
                  ObjectNode newResult, ObjectNode newError) {
        return new McpTask(id, newStatus, message, createdAt, now, tool, arguments, protocolVersion, sessionId,
                capabilities, newAnswers == null ? answers : newAnswers, questions, newResult, newError);
    }

    /**
     * The task as {@code tasks/get} shows it (a {@code DetailedTask}): its status fields, then the questions, the
     * result or the error its status carries.
     */
    ObjectNode detailed(long ttlMs, long pollIntervalMs) {
        ObjectNode task = summary(ttlMs, pollIntervalMs);
        switch (status) {
            case INPUT_REQUIRED -> task.set("inputRequests", inputRequests.deepCopy());
            case COMPLETED -> task.set("result", result.deepCopy());
            case FAILED -> task.set("error", error.deepCopy());
            default -> {
            }
        }
        return task;
    }

    /** The task's status fields: what {@code CreateTaskResult} carries. */
    ObjectNode summary(long ttlMs, long pollIntervalMs) {
        ObjectNode task = Json.object();
        task.put("taskId", id);
        task.put("status", status);
        if (statusMessage != null) {
            task.put("statusMessage", statusMessage);
        }
        task.put("createdAt", createdAt.toString());
        task.put("lastUpdatedAt", lastUpdatedAt.toString());
        task.put("ttlMs", ttlMs);
        task.put("pollIntervalMs", pollIntervalMs);
        return task;
    }

    /** The document the task store keeps. */
    ObjectNode document() {
        ObjectNode doc = Json.object();
        doc.put("id", id);
        doc.put("status", status);
        if (statusMessage != null) {
            doc.put("statusMessage", statusMessage);
        }
        doc.put("createdAt", createdAt.toString());
        doc.put("lastUpdatedAt", lastUpdatedAt.toString());
        doc.put("tool", tool);
        doc.set("arguments", arguments);
        doc.put("protocolVersion", protocolVersion);
        if (sessionId != null) {
            doc.put("sessionId", sessionId);
        }
        capabilities.stream().sorted().forEach(doc.putArray("capabilities")::add);
        doc.set("answers", answers);
        doc.set("inputRequests", inputRequests);
        if (result != null) {
            doc.set("result", result);
        }
        if (error != null) {
            doc.set("error", error);
        }
        return doc;
    }

    /** A task read back from its document. */
    static McpTask of(ObjectNode doc) {
        Set<String> capabilities = new TreeSet<>();
        doc.path("capabilities").forEach(name -> capabilities.add(name.asText()));
        return new McpTask(doc.path("id").asText(), doc.path("status").asText(), text(doc, "statusMessage"),
                Instant.parse(doc.path("createdAt").asText()), Instant.parse(doc.path("lastUpdatedAt").asText()),
                doc.path("tool").asText(), object(doc, "arguments"), doc.path("protocolVersion").asText(),
                text(doc, "sessionId"), capabilities, object(doc, "answers"), object(doc, "inputRequests"),
                doc.get("result") instanceof ObjectNode result ? result : null,
                doc.get("error") instanceof ObjectNode error ? error : null);
    }

    private static String text(ObjectNode doc, String field) {
        JsonNode value = doc.get(field);
        return value == null || !value.isTextual() ? null : value.asText();
    }

    private static ObjectNode object(ObjectNode doc, String field) {
        return doc.get(field) instanceof ObjectNode value ? value : Json.object();
    }
}
