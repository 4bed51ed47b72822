package dev.agentport.validate.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

/**
 * The {@code SendMessageRequest}s the rules send to the task path. Ids carry {@code {run}}, so each validation run
 * uses fresh task and context ids; {@link #id(Probe, String)} gives the id as the server saw it.
 */
final class TaskRequests {

    /** The text every task asks; any agent should answer it. */
    static final String PROMPT = "Hello! Please reply with a short greeting.";

    private TaskRequests() {
    }

    /** {@code {"message":{...}}} with a text part; {@code taskId} and {@code contextId} may be {@code null}. */
    static ObjectNode message(String messageId, String taskId, String contextId) {
        ObjectNode request = JsonNodeFactory.instance.objectNode();
        ObjectNode message = request.putObject("message");
        message.put("messageId", messageId);
        message.put("role", "user");
        if (taskId != null) {
            message.put("taskId", taskId);
        }
        if (contextId != null) {
            message.put("contextId", contextId);
        }
        message.putArray("parts").addObject().put("text", PROMPT);
        return request;
    }

    /** The id as sent, with {@code {run}} replaced by the run's nonce. */
    static String id(Probe probe, String id) {
        return id.replace("{run}", probe.nonce());
    }

    /** {@code POST} of the request to the task path, as JSON. */
    static Request.Builder post(Manifest manifest, JsonNode body) {
        return Request.post(manifest.taskPath()).authorized().json(body.toString());
    }

    /** Sends the request and expects 200 with a valid task. */
    static JsonNode task(Probe probe, Request.Builder request) {
        Answer answer = probe.send(request);
        Expect.status(answer, 200);
        Expect.mediaType(answer, "application/json");
        JsonNode task = answer.json();
        DaedalusShapes.task(task, "the task " + answer.request() + " answered");
        return task;
    }

    /**
     * The task answered to the first plain request ({@code taskId} {@code da-task-{run}}), sent once per run and
     * shared by the rules on the task it answers.
     */
    static JsonNode firstTask(Probe probe) {
        return probe.remember("daedalus.first-task", () -> task(probe,
                post(Manifest.of(probe), message("da-msg-{run}", FIRST_TASK, null))));
    }

    static final String FIRST_TASK = "da-task-{run}";
}
