package dev.agentport.validate.runtask;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

/**
 * The tasks the /run-task rules send, as the A2A runtime sends them, and the shared reading of an answer. Ids carry
 * the run's nonce, so runs against a long-lived adapter never share a conversation.
 */
final class Tasks {

    static final String PATH = "/run-task";
    /** A value a runtime's token might have; no answer may carry it. */
    static final String RUNTIME_TOKEN = "validate-contract-runtime-token-{run}";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Tasks() {
    }

    /** A task with every field the runtime sends. */
    static ObjectNode task(String name, String text) {
        ObjectNode task = MAPPER.createObjectNode();
        task.put("task_run_id", "validate-{run}-" + name);
        task.put("conversation_id", "validate-{run}-" + name);
        task.put("workspace_id", "validate-workspace");
        task.put("task_type", "chat");
        task.putObject("input").put("text", text);
        task.put("initiator_agent_id", "validate-initiator");
        task.put("target_agent_id", "validate-target");
        ObjectNode platform = task.putObject("platform");
        platform.put("name", "A2A");
        platform.put("origin", "validate-contract.invalid");
        return task;
    }

    static Answer send(Probe probe, JsonNode task) {
        return probe.send(Request.post(PATH).json(task.toString()));
    }

    /** The task with every field, sent once per run. */
    static Answer full(Probe probe) {
        return probe.remember("run-task.full", () -> send(probe, task("full", "hello")));
    }

    /** The answer as a JSON object; fails when it is not JSON or other JSON, as the runtime then fails the task. */
    static JsonNode object(Answer answer) {
        JsonNode body = answer.json();
        Expect.that(body.isObject(), answer.request() + " answered " + answer.status()
                + " with JSON that is not an object (the runtime fails such a task): " + answer.excerpt());
        return body;
    }

    /** Fails unless the answer is 2xx: the runtime fails the task on any other status. */
    static void accepted(Answer answer, String what) {
        Expect.that(answer.status() >= 200 && answer.status() < 300, answer.request() + " with " + what
                + " answered " + answer.status() + " (the runtime fails the task on a status other than 2xx): "
                + answer.excerpt());
    }

    /** Whether the answer is the explicit failure shape, {@code "success": false}. */
    static boolean isFailure(JsonNode body) {
        return body.path("success").isBoolean() && !body.path("success").asBoolean();
    }
}
