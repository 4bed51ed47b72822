package dev.agentport.validate.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.Shape;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The checks of level 1, Minimal, with the details the contract's sections and its conformance suite give them. */
final class Level1 {

    private Level1() {
    }

    static void manifestIsValid(Probe probe) {
        Manifest manifest = Manifest.of(probe);
        if (!manifest.served()) {
            throw Expect.skip("no manifest is served (" + manifest.problem() + "); the contract makes it optional, "
                    + "so the default paths and level 1 are used");
        }
        if (manifest.problem() != null) {
            throw new RuleFailed(manifest.problem());
        }
    }

    static void healthReturnsOk(Probe probe) {
        Manifest manifest = Manifest.of(probe);
        Answer health = probe.send(Request.get(manifest.healthPath()));
        JsonNode body = health.status() == 200 && health.mediaType().equals("application/json") ? health.json() : null;
        if (health.header("X-Runtime-Contract-Version") != null && body != null
                && !body.path("status").asText().equals("ok")) {
            throw Expect.skip("GET " + manifest.healthPath() + " is the AgentBreeder contract's health (it carries "
                    + "X-Runtime-Contract-Version and status \"" + body.path("status").asText() + "\"); serve the "
                    + "Daedalus health there to check this rule");
        }
        Expect.status(health, 200);
        Expect.mediaType(health, "application/json");
        Shape.object(body, "GET " + manifest.healthPath() + "'s body");
        Expect.equal("ok", body.path("status").asText(null), "GET " + manifest.healthPath() + "'s status");
        for (Map.Entry<String, JsonNode> field : body.properties()) {
            // The contract's conformance suite reads the health body as a map of strings.
            Expect.that(field.getValue().isTextual(), "GET " + manifest.healthPath() + "'s " + field.getKey()
                    + " is " + field.getValue() + ", but every value of the health body must be a string");
        }
    }

    static void cardIsValid(Probe probe) {
        DaedalusShapes.card(card(probe));
    }

    static void cardSkillsAreComplete(Probe probe) {
        DaedalusShapes.skills(card(probe));
    }

    /** The card at the manifest's card path: 200, exactly {@code application/json}, a JSON object. */
    static JsonNode card(Probe probe) {
        return probe.remember("daedalus.card", () -> {
            Manifest manifest = Manifest.of(probe);
            Answer answer = probe.send(Request.get(manifest.cardPath()));
            Expect.status(answer, 200);
            Expect.mediaType(answer, "application/json");
            return Shape.object(answer.json(), "the agent card");
        });
    }

    static void taskIsReturned(Probe probe) {
        JsonNode task = TaskRequests.firstTask(probe);
        Shape.oneOf(task.get("status"), "state", DaedalusShapes.ANSWERED_STATES, "the task's status");
    }

    static void jsonWithACharsetIsAccepted(Probe probe) {
        byte[] body = TaskRequests.message("da-msg-{run}-charset", null, null).toString()
                .getBytes(StandardCharsets.UTF_8);
        TaskRequests.task(probe, Request.post(Manifest.of(probe).taskPath()).authorized()
                .body("application/json; charset=utf-8", body));
    }

    static void unknownFieldsAreTolerated(Probe probe) {
        ObjectNode request = TaskRequests.message("da-msg-{run}-compat", "da-task-{run}-compat", null);
        ((ObjectNode) request.get("message")).put("futureField", "ignored");
        request.put("unknownTopLevel", true);
        JsonNode task = TaskRequests.task(probe, TaskRequests.post(Manifest.of(probe), request));
        Expect.equal(TaskRequests.id(probe, "da-task-{run}-compat"), task.get("id").asText(),
                "the task id of a request with unknown fields");
    }

    static void emptyPartsAreAnsweredWithATask(Probe probe) {
        ObjectNode request = TaskRequests.message("da-msg-{run}-empty", "da-task-{run}-empty", null);
        ((ObjectNode) request.get("message")).putArray("parts");
        JsonNode task = TaskRequests.task(probe, TaskRequests.post(Manifest.of(probe), request));
        Expect.equal(TaskRequests.id(probe, "da-task-{run}-empty"), task.get("id").asText(),
                "the task id of a message with no parts");
    }

    static void malformedJsonIs400(Probe probe) {
        Answer answer = probe.send(Request.post(Manifest.of(probe).taskPath()).authorized().json("{not valid json"));
        Expect.status(answer, 400);
    }

    static void unsupportedContentTypeIs415(Probe probe) {
        Answer answer = probe.send(Request.post(Manifest.of(probe).taskPath()).authorized()
                .body("text/plain", "not json".getBytes(StandardCharsets.UTF_8)));
        Expect.status(answer, 415);
    }

    static void taskIdMatchesTheTaskId(Probe probe) {
        Expect.equal(TaskRequests.id(probe, TaskRequests.FIRST_TASK), TaskRequests.firstTask(probe).get("id").asText(),
                "the id of the task answered to a message with taskId");
    }

    static void taskIdFallsBackToTheMessageId(Probe probe) {
        JsonNode task = TaskRequests.task(probe, TaskRequests.post(Manifest.of(probe),
                TaskRequests.message("da-msg-{run}-only", null, null)));
        Expect.equal(TaskRequests.id(probe, "da-msg-{run}-only"), task.get("id").asText(),
                "the id of the task answered to a message without taskId");
    }

    static void completedTaskHasAnArtifact(Probe probe) {
        JsonNode task = TaskRequests.firstTask(probe);
        String state = task.at("/status/state").asText();
        if (!state.equals("completed")) {
            throw Expect.skip("the agent answered the task " + state + ", not completed, so no completed task was "
                    + "seen");
        }
        Shape.array(task, "artifacts", 1, "the completed task");
    }

    static void failedTaskHasAStatusMessage(Probe probe) {
        JsonNode task = TaskRequests.firstTask(probe);
        if (!task.at("/status/state").asText().equals("failed")) {
            ObjectNode request = TaskRequests.message("da-msg-{run}-data", "da-task-{run}-data", null);
            ((ObjectNode) request.get("message")).putArray("parts").addObject().putObject("data").put("key", "value");
            task = TaskRequests.task(probe, TaskRequests.post(Manifest.of(probe), request));
        }
        String state = task.at("/status/state").asText();
        if (!state.equals("failed")) {
            throw Expect.skip("the agent failed neither a plain task nor one with only a data part (it answered "
                    + state + "), so no failed task was seen");
        }
        JsonNode message = task.at("/status/message");
        if (message.isMissingNode() || message.isNull()) {
            throw new RuleFailed("the failed task has no status.message: " + task);
        }
        DaedalusShapes.message(message, "the failed task's status.message");
        DaedalusShapes.text(message, "the failed task's status.message");
    }
}
