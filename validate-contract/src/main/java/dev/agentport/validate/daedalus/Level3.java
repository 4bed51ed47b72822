package dev.agentport.validate.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.http.Answer;

import java.util.List;

/** The checks of level 3, Full: streaming, compaction reporting, and sessions kept by {@code contextId}. */
final class Level3 {

    private Level3() {
    }

    static void streamsEvents(Probe probe) {
        String taskId = "da-task-{run}-stream";
        Answer answer = probe.send(TaskRequests.post(Manifest.of(probe),
                TaskRequests.message("da-msg-{run}-stream", taskId, null)).header("Accept", "text/event-stream"));
        Expect.status(answer, 200);
        Expect.mediaType(answer, "text/event-stream");
        List<JsonNode> events = answer.eventsJson();
        Expect.that(!events.isEmpty(), answer.request() + " answered an event stream without events");
        String id = TaskRequests.id(probe, taskId);
        JsonNode last = null;
        for (int i = 0; i < events.size(); i++) {
            last = StreamEvents.check(events.get(i), id, "event " + (i + 1) + " of " + answer.request());
        }
        String state = last.at("/status/state").asText("");
        Expect.that(DaedalusShapes.LAST_STATES.contains(state), "the last event of " + answer.request()
                + " is not a status update in one of " + DaedalusShapes.LAST_STATES + ": "
                + events.get(events.size() - 1));
    }

    static void cardAdvertisesStreaming(Probe probe) {
        JsonNode streaming = Level1.card(probe).at("/capabilities/streaming");
        Expect.that(streaming.isBoolean() && streaming.asBoolean(), "the agent card's capabilities.streaming is "
                + (streaming.isMissingNode() ? "missing" : streaming.toString()) + ", expected true");
    }

    static void contextCompactionIsReported(Probe probe) {
        JsonNode task = TaskRequests.firstTask(probe);
        JsonNode usage = task.at("/metadata/contextUsage");
        if (usage.isMissingNode() || usage.isNull()) {
            Manifest manifest = Manifest.of(probe);
            throw Expect.skip("the agent reported no metadata.contextUsage on its task, so the report's shape was not "
                    + "checked" + (manifest.served() && !manifest.capability("contextCompaction")
                    ? " (the manifest does not declare contextCompaction)" : ""));
        }
        DaedalusShapes.contextUsage(usage, "the task's metadata.contextUsage");
    }

    static void sessionResumeKeepsTheContextId(Probe probe) {
        String contextId = "da-ctx-{run}";
        String expected = TaskRequests.id(probe, contextId);
        Manifest manifest = Manifest.of(probe);
        for (int turn = 1; turn <= 2; turn++) {
            JsonNode task = TaskRequests.task(probe, TaskRequests.post(manifest, TaskRequests.message(
                    "da-msg-{run}-turn" + turn, "da-task-{run}-turn" + turn, contextId)));
            String answered = task.path("contextId").asText(null);
            if (!expected.equals(answered)) {
                throw new RuleFailed("task " + turn + " of the context " + expected + " was answered with contextId "
                        + answered + ", expected the same context");
            }
        }
        // Whether the agent used the first turn in the second depends on the agent: it is not checked.
    }
}
