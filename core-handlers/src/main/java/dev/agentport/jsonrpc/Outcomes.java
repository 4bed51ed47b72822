package dev.agentport.jsonrpc;

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

/** How a run's end reads as a task: completed with its reply, input-required with the question, failed, canceled. */
final class Outcomes {

    static final String NO_TEXT = "no text content in message parts";

    private Outcomes() {
    }

    /** The one reply artifact of a task, so that streamed chunks and the stored task name the same artifact. */
    static Artifact reply(String taskId, String text) {
        return Artifact.builder().artifactId(taskId + "-reply").name("reply").part(Part.text(text)).build();
    }

    static A2aTask finished(A2aTask running, RunResult result) {
        if (result.isInterrupted()) {
            A2aMessage question = question(running, result.interrupt());
            List<A2aMessage> history = new ArrayList<>(running.history());
            history.add(question);
            return new A2aTask(running.id(), running.contextId(), TaskStatus.of(TaskState.INPUT_REQUIRED, question),
                    running.artifacts(), metadata(result), history);
        }
        List<Artifact> artifacts = new ArrayList<>();
        artifacts.add(reply(running.id(), result.outputText()));
        artifacts.addAll(result.artifacts());
        return new A2aTask(running.id(), running.contextId(), TaskStatus.of(TaskState.COMPLETED, null), artifacts,
                metadata(result), running.history());
    }

    static A2aTask failed(A2aTask running, String message) {
        return running.withStatus(TaskStatus.of(TaskState.FAILED,
                A2aMessage.agentText(running.id() + "-error", message, running.id(), running.contextId())));
    }

    static A2aTask canceled(A2aTask running) {
        return running.withStatus(TaskStatus.of(TaskState.CANCELED, null));
    }

    /** The prompt's {@code question} (else what the run awaits) as text, the prompt's fields as a data part. */
    private static A2aMessage question(A2aTask task, Interrupt interrupt) {
        ObjectNode details = Json.object();
        details.set("awaiting", Json.MAPPER.valueToTree(interrupt.awaiting()));
        String question = "The agent is waiting for: " + String.join(", ", interrupt.awaiting());
        if (interrupt.prompt() != null) {
            interrupt.prompt().properties().forEach(field -> details.set(field.getKey(), field.getValue()));
            if (interrupt.prompt().path("question").isTextual()) {
                question = interrupt.prompt().get("question").asText();
            }
        }
        return new A2aMessage(task.id() + "-question-" + task.history().size(), "agent",
                List.of(Part.text(question), Part.data(details)), task.id(), task.contextId());
    }

    private static ObjectNode metadata(RunResult result) {
        return result.metadata().isEmpty() ? null : result.metadata();
    }
}
