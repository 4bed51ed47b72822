package dev.agentport.a2a;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.Part;
import dev.agentport.agent.RunResult;
import dev.agentport.json.Json;

import java.util.ArrayList;
import java.util.List;

/** What every A2A face makes of a run's end: the reply artifact, a completed task's artifacts, failure, question. */
public final class RunOutcomes {

    private RunOutcomes() {
    }

    /** The one reply artifact of a task, so that streamed chunks and the final task name the same artifact. */
    public static Artifact reply(String taskId, String text) {
        return Artifact.builder().artifactId(taskId + "-reply").name("reply").part(Part.text(text)).build();
    }

    /** A completed task's artifacts: the reply first, then the artifacts the agent returned. */
    public static List<Artifact> completedArtifacts(String taskId, RunResult result) {
        List<Artifact> artifacts = new ArrayList<>();
        artifacts.add(reply(taskId, result.outputText()));
        artifacts.addAll(result.artifacts());
        return artifacts;
    }

    /** {@code failed}, with an agent message ({@code <taskId>-error}) saying why. */
    public static TaskStatus failed(String taskId, String contextId, String message) {
        return TaskStatus.of(TaskState.FAILED, A2aMessage.agentText(taskId + "-error", message, taskId, contextId));
    }

    /**
     * The question's parts: the prompt's {@code question} (else what the run awaits) as text, then the prompt's fields
     * and {@code awaiting} as a data part.
     */
    public static List<Part> question(Interrupt interrupt) {
        ObjectNode details = Json.object();
        details.set("awaiting", Json.MAPPER.valueToTree(interrupt.awaiting()));
        String question = "The agent is waiting for: " + String.join(", ", interrupt.awaiting());
        if (interrupt.prompt() != null) {
            interrupt.prompt().properties().forEach(field -> details.set(field.getKey(), field.getValue()));
            if (interrupt.prompt().path("question").isTextual()) {
                question = interrupt.prompt().get("question").asText();
            }
        }
        return List.of(Part.text(question), Part.data(details));
    }
}
