package dev.agentport.validate.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleSkipped;
import dev.agentport.validate.Shape;
import dev.agentport.validate.http.Answer;

import java.util.List;

/** The checks of the operations over JSON-RPC (send, stream, get, list, cancel), in one protocol version. */
final class Operations {

    /** What every message asks; any agent should answer it. */
    static final String PROMPT = "Hello! Please reply with a short greeting.";

    private Operations() {
    }

    static Endpoint endpoint(Probe probe, Version version) {
        return A2aCard.of(probe).endpoint(A2aCard.JSONRPC, version);
    }

    /**
     * The task answered to the version's first send, shared by the rules on it; a skip when the agent answered with
     * a message rather than a task.
     */
    static JsonNode sentTask(Probe probe, Version version) {
        JsonNode task = sent(probe, version);
        if (task.isNull()) {
            throw new RuleSkipped("the agent answered " + version.send + " with a message, not a task, so there is no "
                    + "task to check this with");
        }
        return task;
    }

    /** The task the version's first send answered, or JSON null when it answered a message. */
    private static JsonNode sent(Probe probe, Version version) {
        return probe.remember("a2a.sent." + version, () -> {
            Answer answer = probe.send(JsonRpc.call(endpoint(probe, version), version.send, JsonRpc.sendParams(
                    JsonRpc.message(version, "a2a-msg-{run}-" + version.prefix, null, null, PROMPT))));
            JsonNode sent = A2aShapes.sendResult(JsonRpc.result(answer), version, "the result of " + version.send);
            return sent == null ? JsonRpc.JSON.nullNode() : sent;
        });
    }

    static void send(Probe probe, Version version) {
        JsonNode task = sent(probe, version);
        // A message is a valid answer too: its shape was checked when it came.
        if (!task.isNull()) {
            Shape.oneOf(task.get("status"), "state", version.lastStates(), "the task " + version.send
                    + " answered (a blocking send waits for a final or interrupted state)");
        }
    }

    static void stream(Probe probe, Version version) {
        Endpoint endpoint = endpoint(probe, version);
        if (!A2aCard.of(probe).streaming()) {
            throw Expect.skip("the agent card does not declare capabilities.streaming");
        }
        Answer answer = probe.send(JsonRpc.call(endpoint, version.stream, JsonRpc.sendParams(JsonRpc.message(version,
                "a2a-msg-{run}-stream-" + version.prefix, null, null, PROMPT))).header("Accept", "text/event-stream"));
        Expect.status(answer, 200);
        Expect.mediaType(answer, "text/event-stream");
        List<JsonNode> events = answer.eventsJson();
        Expect.that(!events.isEmpty(), answer.request() + " answered an event stream without events");
        StreamEvents.checkJsonRpc(events, version, answer.request().toString());
    }

    static void getTask(Probe probe, Version version) {
        JsonNode sent = sentTask(probe, version);
        String id = sent.get("id").asText();
        JsonNode task = JsonRpc.result(probe.send(JsonRpc.call(endpoint(probe, version), version.get,
                JsonRpc.idParams(id))));
        A2aShapes.task(task, version, "the result of " + version.get);
        Expect.equal(id, task.get("id").asText(), "the id of the task " + version.get + " answered");
    }

    static void getUnknownTask(Probe probe, Version version) {
        JsonRpc.error(probe.send(JsonRpc.call(endpoint(probe, version), version.get,
                JsonRpc.idParams("a2a-no-such-task-{run}"))), -32001);
    }

    static void listTasks(Probe probe, Version version) {
        JsonNode sent = sentTask(probe, version);
        String contextId = sent.get("contextId").asText();
        Answer answer = probe.send(JsonRpc.call(endpoint(probe, version), version.list,
                JsonRpc.JSON.objectNode().put("contextId", contextId)));
        JsonNode result = Shape.object(JsonRpc.result(answer), "the result of " + version.list);
        JsonNode tasks = Shape.array(result, "tasks", 1, "the result of " + version.list);
        boolean listed = false;
        for (int i = 0; i < tasks.size(); i++) {
            A2aShapes.task(tasks.get(i), version, "the result of " + version.list + ".tasks[" + i + "]");
            Expect.equal(contextId, tasks.get(i).get("contextId").asText(), "the contextId of a task listed for "
                    + "the context " + contextId);
            listed |= tasks.get(i).get("id").asText().equals(sent.get("id").asText());
        }
        Expect.that(listed, version.list + " of the context " + contextId + " does not list its task "
                + sent.get("id").asText() + ": " + result);
        Shape.optionalString(result, "nextPageToken", "the result of " + version.list);
    }

    static void cancelTerminalTask(Probe probe, Version version) {
        JsonNode sent = sentTask(probe, version);
        String state = sent.at("/status/state").asText();
        if (!version.terminalStates().contains(state)) {
            throw Expect.skip("the task " + version.send + " answered is " + state + ", not in a terminal state");
        }
        JsonRpc.error(probe.send(JsonRpc.call(endpoint(probe, version), version.cancel,
                JsonRpc.idParams(sent.get("id").asText()))), -32002);
    }

    static void cancelUnknownTask(Probe probe, Version version) {
        JsonRpc.error(probe.send(JsonRpc.call(endpoint(probe, version), version.cancel,
                JsonRpc.idParams("a2a-no-such-task-{run}"))), -32001);
    }
}
