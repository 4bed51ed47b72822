package dev.agentport.daedalus;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.Part;
import dev.agentport.agent.RunResult;
import dev.agentport.json.Json;

import java.util.ArrayList;
import java.util.List;

/** How a run's end reads as a task: completed with its reply, input-required with the question, or failed. */
final class TaskOutcomes {

    private TaskOutcomes() {
    }

    /** The reply artifact's id: one per task, so that streamed chunks and the final task name the same artifact. */
    static String replyId(String taskId) {
        return taskId + "-reply";
    }

    static Artifact reply(String taskId, String text) {
        return Artifact.builder().artifactId(replyId(taskId)).name("reply").part(Part.text(text)).build();
    }

    static A2aTask finished(TaskRequest task, RunResult result) {
        if (result.isInterrupted()) {
            return new A2aTask(task.taskId(), task.contextId(), inputRequired(task, result.interrupt()), List.of(),
                    result.metadata());
        }
        List<Artifact> artifacts = new ArrayList<>();
        artifacts.add(reply(task.taskId(), result.outputText()));
        artifacts.addAll(result.artifacts());
        return new A2aTask(task.taskId(), task.contextId(), TaskStatus.of(TaskState.COMPLETED, null), artifacts,
                result.metadata());
    }

    static A2aTask failed(TaskRequest task, String message) {
        return new A2aTask(task.taskId(), task.contextId(), failedStatus(task, message), List.of(), null);
    }

    static TaskStatus failedStatus(TaskRequest task, String message) {
        return TaskStatus.of(TaskState.FAILED,
                A2aMessage.agentText(task.taskId() + "-error", message, task.taskId(), task.contextId()));
    }

    /**
     * The question as the status message: the prompt's {@code question} (else what the run awaits) as text, then the
     * prompt's fields and {@code awaiting} as a data part.
     */
    static TaskStatus inputRequired(TaskRequest task, Interrupt interrupt) {
        ObjectNode details = Json.object();
        details.set("awaiting", Json.MAPPER.valueToTree(interrupt.awaiting()));
        String question = "The agent is waiting for: " + String.join(", ", interrupt.awaiting());
        if (interrupt.prompt() != null) {
            interrupt.prompt().properties().forEach(field -> details.set(field.getKey(), field.getValue()));
            if (interrupt.prompt().path("question").isTextual()) {
                question = interrupt.prompt().get("question").asText();
            }
        }
        A2aMessage message = new A2aMessage(task.taskId() + "-question", "agent",
                List.of(Part.text(question), Part.data(details)), task.taskId(), task.contextId());
        return TaskStatus.of(TaskState.INPUT_REQUIRED, message);
    }
}
