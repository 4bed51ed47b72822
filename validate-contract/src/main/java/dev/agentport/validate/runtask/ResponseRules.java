package dev.agentport.validate.runtask;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;

import java.util.List;

/**
 * Section 5, Successful Response, section 6, Failed Response, and section 7, Artifact Write Requests: the shapes the
 * runtime reads. What the agent says is its own and is not checked.
 */
final class ResponseRules {

    /** The fields of an artifact write request; {@code keywords} is the optional one. */
    private static final List<String> ARTIFACT_FIELDS = List.of("artifact_type", "filename", "title", "summary",
            "mime_type", "content_text");

    private ResponseRules() {
    }

    static void answersAJsonObject(Probe probe) {
        Tasks.object(Tasks.full(probe));
    }

    static void successIsTheEnvelopeOrTheDirectOutput(Probe probe) {
        Answer answer = Tasks.full(probe);
        Tasks.accepted(answer, "every field of the runtime's task");
        JsonNode body = Tasks.object(answer);
        JsonNode success = body.path("success");
        if (success.isMissingNode()) {
            return; // the legacy direct output: the whole object is the output
        }
        Expect.that(success.isBoolean(), answer.request() + "'s success is " + success + ", expected true or false");
        if (!success.asBoolean()) {
            throw Expect.skip("the agent failed the task (" + answer.excerpt() + "), so the success shape was not "
                    + "checked");
        }
        JsonNode output = body.path("output");
        Expect.that(output.isObject(), answer.request() + " answered success: true with "
                + (output.isMissingNode() ? "no output" : "an output that is not an object: " + output));
        JsonNode text = output.path("text");
        Expect.that(text.isMissingNode() || text.isTextual(), answer.request() + "'s output.text is not a string: "
                + text);
    }

    /** A task the adapter cannot run (its input is not an object); checked when it answers the failure shape. */
    static void failureIsSuccessFalseWithAnError(Probe probe) {
        ObjectNode task = Tasks.task("bad-input", "hello");
        task.put("input", "not an object");
        Answer answer = Tasks.send(probe, task);
        JsonNode body = Tasks.object(answer);
        if (!body.has("success") || body.path("success").asBoolean(false) && answer.status() < 300) {
            throw Expect.skip(answer.request() + " with an input that is not an object answered " + answer.status()
                    + " without an explicit failure, so the failure shape was not checked");
        }
        Expect.that(Tasks.isFailure(body), answer.request() + " with an input that is not an object answered "
                + answer.status() + " with success " + body.get("success") + ", expected false");
        Expect.text(body, "/error", answer.request() + "'s failure");
    }

    /** Asks for a file; checks the artifact write requests when the agent made any. */
    static void artifactsAreWriteRequests(Probe probe) {
        Answer answer = Tasks.send(probe, Tasks.task("artifact", "write a file about tides"));
        JsonNode output = Tasks.object(answer).path("output");
        JsonNode artifacts = output.has("artifacts") ? output.get("artifacts") : output.path("artifact_writes");
        if (artifacts.isMissingNode() || artifacts.isArray() && artifacts.isEmpty()) {
            throw Expect.skip("the agent wrote no file for " + answer.request() + " (no output.artifacts), so "
                    + "artifact write requests were not checked");
        }
        Expect.that(artifacts.isArray(), answer.request() + "'s output.artifacts is not an array: " + artifacts);
        for (JsonNode artifact : artifacts) {
            String where = answer.request() + "'s artifact " + artifact;
            Expect.that(artifact.isObject(), where + " is not an object");
            for (String field : ARTIFACT_FIELDS) {
                Expect.that(artifact.path(field).isTextual(), where + " has no " + field + " string");
            }
            Expect.that(!artifact.path("filename").asText().isEmpty(), where + " has an empty filename");
            Expect.that(!artifact.has("artifact_id"), where + " sets artifact_id, which the platform makes");
            JsonNode keywords = artifact.path("keywords");
            Expect.that(keywords.isMissingNode() || keywords.isArray(), where + "'s keywords is not an array");
        }
    }
}
