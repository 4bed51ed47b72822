package dev.agentport.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.Parts;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.Turn;
import dev.agentport.json.Json;
import dev.agentport.session.McpSession;
import dev.agentport.session.PausedRun;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * How durable stores write state: one JSON document per item, each with its format version {@code "v"}, so that a
 * later release can still read what an earlier one wrote (readers accept every version up to {@link #VERSION} and
 * ignore fields they do not know). A field added later is optional: documents without it still read, and a reader
 * that predates it, ignoring it, loses nothing it needs (a task's {@code leaseExpiry}); the version goes up only for a
 * change an earlier reader would misread. Only what the faces put in the records is written; request-scoped secrets
 * (the bearer token, extension payloads such as the Aion daemon's) are never part of them.
 */
public final class StateJson {

    /** The format version written; readers accept it and every earlier one. */
    public static final int VERSION = 1;

    private StateJson() {
    }

    public static ObjectNode turn(Turn turn) {
        ObjectNode node = versioned();
        node.set("input", turn.input());
        node.set("output", turn.output());
        node.put("at", turn.at().toString());
        return node;
    }

    public static Turn readTurn(JsonNode node) {
        check(node, "turn");
        return new Turn(node.get("input"), node.get("output"), Instant.parse(node.path("at").asText()));
    }

    public static ObjectNode pausedRun(PausedRun run) {
        ObjectNode node = versioned();
        node.put("runId", run.runId());
        node.put("sessionId", run.sessionId());
        node.set("input", run.input());
        ObjectNode interrupt = node.putObject("interrupt");
        ArrayNode awaiting = interrupt.putArray("awaiting");
        run.interrupt().awaiting().forEach(awaiting::add);
        interrupt.set("prompt", run.interrupt().prompt());
        interrupt.set("state", run.interrupt().state());
        node.put("pausedAt", run.pausedAt().toString());
        return node;
    }

    public static PausedRun readPausedRun(JsonNode node) {
        check(node, "paused run");
        JsonNode interrupt = node.path("interrupt");
        List<String> awaiting = new ArrayList<>();
        interrupt.path("awaiting").forEach(value -> awaiting.add(value.asText()));
        JsonNode prompt = interrupt.get("prompt");
        JsonNode state = interrupt.get("state");
        return new PausedRun(node.path("runId").asText(), node.path("sessionId").asText(), node.get("input"),
                new Interrupt(awaiting, prompt instanceof ObjectNode object ? object : null,
                        state == null || state.isNull() ? null : state),
                Instant.parse(node.path("pausedAt").asText()));
    }

    /** A task as stored: its wire form, with the status time kept to the nanosecond for ordering. */
    public static ObjectNode task(A2aTask task) {
        return task(task, null);
    }

    /**
     * A task as stored, with the expiry of the lease its running instance holds on it (none when {@code null}): beside
     * the wire form's fields, never inside them.
     */
    public static ObjectNode task(A2aTask task, Instant leaseExpiry) {
        ObjectNode node = versioned();
        node.setAll(task.toJson());
        ((ObjectNode) node.get("status")).put("timestamp", task.status().timestamp().toString());
        if (leaseExpiry != null) {
            node.put("leaseExpiry", leaseExpiry.toString());
        }
        return node;
    }

    /** The lease expiry of a stored task, or {@code null} when it has none (as every task written before it had). */
    public static Instant readLeaseExpiry(JsonNode node) {
        check(node, "task");
        JsonNode expiry = node.get("leaseExpiry");
        return expiry != null && expiry.isTextual() ? Instant.parse(expiry.asText()) : null;
    }

    public static A2aTask readTask(JsonNode node) {
        check(node, "task");
        return task(node, readStatus(node.path("status")));
    }

    /**
     * A task from the bytes of its wire form ({@link A2aTask#bytes}), with its status as it was: the wire form has the
     * status time to the millisecond only. How the in-memory store keeps a finished task.
     */
    public static A2aTask readTask(byte[] wire, TaskStatus status) {
        return task(parse(wire, "task"), status);
    }

    private static A2aTask task(JsonNode node, TaskStatus status) {
        List<Artifact> artifacts = new ArrayList<>();
        node.path("artifacts").forEach(artifact -> artifacts.add(readArtifact(artifact)));
        List<A2aMessage> history = new ArrayList<>();
        node.path("history").forEach(message -> history.add(readMessage(message)));
        JsonNode metadata = node.get("metadata");
        return new A2aTask(node.path("id").asText(), text(node, "contextId"), status, artifacts,
                metadata instanceof ObjectNode object ? object : null, history);
    }

    public static ObjectNode mcpSession(McpSession session) {
        ObjectNode node = versioned();
        node.put("id", session.id());
        node.put("protocolVersion", session.protocolVersion());
        node.put("clientName", session.clientName());
        node.put("startedAt", session.startedAt().toString());
        ArrayNode capabilities = node.putArray("clientCapabilities");
        new TreeSet<>(session.clientCapabilities()).forEach(capabilities::add);
        return node;
    }

    public static McpSession readMcpSession(JsonNode node) {
        check(node, "MCP session");
        Set<String> capabilities = new TreeSet<>();
        node.path("clientCapabilities").forEach(name -> capabilities.add(name.asText()));
        return new McpSession(node.path("id").asText(), node.path("protocolVersion").asText(),
                node.path("clientName").asText(""), Instant.parse(node.path("startedAt").asText()), capabilities);
    }

    /** Parses a stored document; a document that is not JSON is a store failure, not the caller's. */
    public static JsonNode parse(byte[] stored, String what) {
        try {
            return Json.parse(stored);
        } catch (IOException e) {
            throw new StoreUnavailableException("a stored " + what + " is not valid JSON");
        }
    }

    public static byte[] bytes(JsonNode node) {
        return Json.bytes(node);
    }

    private static TaskStatus readStatus(JsonNode status) {
        JsonNode message = status.get("message");
        return new TaskStatus(state(status.path("state").asText()),
                message == null || message.isNull() ? null : readMessage(message),
                Instant.parse(status.path("timestamp").asText()));
    }

    private static TaskState state(String wireName) {
        for (TaskState state : TaskState.values()) {
            if (state.wireName().equals(wireName)) {
                return state;
            }
        }
        throw new StoreUnavailableException("a stored task has an unknown state");
    }

    private static A2aMessage readMessage(JsonNode message) {
        return new A2aMessage(message.path("messageId").asText(), message.path("role").asText(),
                Parts.read(message.get("parts")), text(message, "taskId"), text(message, "contextId"));
    }

    private static Artifact readArtifact(JsonNode artifact) {
        JsonNode metadata = artifact.get("metadata");
        return new Artifact(artifact.path("artifactId").asText(), text(artifact, "name"),
                text(artifact, "description"), Parts.read(artifact.get("parts")),
                metadata instanceof ObjectNode object ? object : null);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }

    private static ObjectNode versioned() {
        return Json.object().put("v", VERSION);
    }

    private static void check(JsonNode node, String what) {
        int version = node.path("v").asInt(0);
        if (version < 1 || version > VERSION) {
            throw new StoreUnavailableException("a stored " + what + " has format version " + version
                    + ", which this release cannot read (it reads 1 to " + VERSION + ")");
        }
    }
}
