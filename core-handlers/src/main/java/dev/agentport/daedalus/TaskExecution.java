package dev.agentport.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.RunOutcome;

import java.util.Optional;

/**
 * Runs a task: a message naming the task id of a paused run continues that run (once: the run is claimed); any other
 * message with text starts a new run. A message with no text (and no paused run to take its data) runs nothing.
 */
final class TaskExecution {

    static final String NO_TEXT = "no text content in message parts";

    private TaskExecution() {
    }

    /**
     * The run's outcome, or empty when the message has no text to run on.
     *
     * @param emitter where a streaming run sends its events, or {@code null} for a synchronous run
     */
    static Optional<RunOutcome> run(TaskRequest task, RunEmitter emitter) {
        JsonNode answer = task.message().hasText()
                ? JsonNodeFactory.instance.textNode(RunInput.ofParts(task.message().parts()).text())
                : task.message().firstData();
        if (task.message().taskId() != null && answer != null) {
            RunOutcome resumed = task.run().resume(task.taskId(), answer);
            if (!(resumed instanceof RunOutcome.Failed failed
                    && failed.failure().kind() == AgentFailures.Kind.NOT_FOUND)) {
                return Optional.of(resumed);
            }
            // no paused run under this id: the message starts a new run
        }
        if (!task.message().hasText()) {
            return Optional.empty();
        }
        RunInput input = RunInput.ofParts(task.message().parts());
        return Optional.of(emitter == null ? task.run().invoke(input) : task.run().stream(input, emitter));
    }
}
