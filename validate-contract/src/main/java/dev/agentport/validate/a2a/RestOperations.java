package dev.agentport.validate.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleSkipped;
import dev.agentport.validate.Shape;
import dev.agentport.validate.http.Answer;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The checks of the operations over HTTP+JSON (A2A 1.0 section 11), where the card lists that interface. */
final class RestOperations {

    private static final Version V1 = Version.V1_0;

    private RestOperations() {
    }

    /** The task answered to the first {@code POST /message:send}, shared; a skip when a message answered it. */
    static JsonNode sentTask(Probe probe) {
        JsonNode task = sent(probe);
        if (task.isNull()) {
            throw new RuleSkipped("the agent answered POST /message:send with a message, not a task, so there is no "
                    + "task to check this with");
        }
        return task;
    }

    /** The task the first send answered, or JSON null when it answered a message. */
    private static JsonNode sent(Probe probe) {
        return probe.remember("a2a.rest.sent", () -> {
            Answer answer = probe.send(Rest.post(Rest.endpoint(probe), "/message:send", JsonRpc.sendParams(
                    JsonRpc.message(V1, "a2a-msg-{run}-rest", null, null, Operations.PROMPT))));
            JsonNode sent = A2aShapes.sendResult(Rest.ok(answer), V1, "the answer to " + answer.request());
            return sent == null ? JsonRpc.JSON.nullNode() : sent;
        });
    }

    static void send(Probe probe) {
        JsonNode task = sent(probe);
        // A message is a valid answer too: its shape was checked when it came.
        if (!task.isNull()) {
            Shape.oneOf(task.get("status"), "state", V1.lastStates(), "the task POST /message:send answered (a "
                    + "blocking send waits for a final or interrupted state)");
        }
    }

    static void stream(Probe probe) {
        Endpoint endpoint = Rest.endpoint(probe);
        if (!A2aCard.of(probe).streaming()) {
            throw Expect.skip("the agent card does not declare capabilities.streaming");
        }
        Answer answer = probe.send(Rest.post(endpoint, "/message:stream", JsonRpc.sendParams(JsonRpc.message(V1,
                "a2a-msg-{run}-rest-stream", null, null, Operations.PROMPT))).header("Accept", "text/event-stream"));
        Expect.status(answer, 200);
        Expect.mediaType(answer, "text/event-stream");
        List<JsonNode> events = answer.eventsJson();
        Expect.that(!events.isEmpty(), answer.request() + " answered an event stream without events");
        StreamEvents.check(events, V1, answer.request().toString());
    }

    static void getTask(Probe probe) {
        String id = sentTask(probe).get("id").asText();
        JsonNode task = Rest.ok(probe.send(Rest.get(Rest.endpoint(probe), "/tasks/" + encode(id))));
        A2aShapes.task(task, V1, "the task GET /tasks/{id} answered");
        Expect.equal(id, task.get("id").asText(), "the id of the task GET /tasks/{id} answered");
    }

    static void listTasks(Probe probe) {
        JsonNode sent = sentTask(probe);
        String contextId = sent.get("contextId").asText();
        JsonNode result = Rest.ok(probe.send(Rest.get(Rest.endpoint(probe), "/tasks?contextId=" + encode(contextId))));
        JsonNode tasks = Shape.array(result, "tasks", 1, "the answer to GET /tasks");
        boolean listed = false;
        for (int i = 0; i < tasks.size(); i++) {
            A2aShapes.task(tasks.get(i), V1, "the answer to GET /tasks: tasks[" + i + "]");
            listed |= tasks.get(i).get("id").asText().equals(sent.get("id").asText());
        }
        Expect.that(listed, "GET /tasks?contextId=" + contextId + " does not list its task " + sent.get("id").asText()
                + ": " + result);
    }

    static void cancelTerminalTask(Probe probe) {
        JsonNode sent = sentTask(probe);
        String state = sent.at("/status/state").asText();
        if (!V1.terminalStates().contains(state)) {
            throw Expect.skip("the task POST /message:send answered is " + state + ", not in a terminal state");
        }
        Rest.error(probe.send(Rest.post(Rest.endpoint(probe), "/tasks/" + encode(sent.get("id").asText()) + ":cancel",
                JsonRpc.JSON.objectNode())), 400, "TASK_NOT_CANCELABLE");
    }

    static void unknownTaskIs404(Probe probe) {
        Rest.error(probe.send(Rest.get(Rest.endpoint(probe), "/tasks/a2a-no-such-task-{run}")), 404, "TASK_NOT_FOUND");
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
