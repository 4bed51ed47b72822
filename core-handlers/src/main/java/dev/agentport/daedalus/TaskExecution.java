package dev.agentport.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.runtime.Runs;
import dev.agentport.runtime.ThreadNotFoundException;

import java.util.Optional;

/**
 * Runs a task: a message naming the task id of a paused run continues that run (once: the run is claimed); any other
 * message with text starts a new run. A message with no text (and no paused run to take its data) runs nothing.
 */
final class TaskExecution {

    static final String NO_TEXT = "no text content in message parts";

    private final Runs runs;

    TaskExecution(Runs runs) {
        this.runs = runs;
    }

    /**
     * The run's result, or empty when the message has no text to run on.
     *
     * @param emitter where a streaming run sends its events, or {@code null} for a synchronous run
     */
    Optional<RunResult> run(TaskRequest task, RunEmitter emitter) throws Exception {
        JsonNode answer = task.message().hasText()
                ? JsonNodeFactory.instance.textNode(RunInput.ofParts(task.message().parts()).text())
                : task.message().firstData();
        if (task.message().taskId() != null && answer != null) {
            try {
                return Optional.of(runs.resume(task.taskId(), answer, task.context()));
            } catch (ThreadNotFoundException notPaused) {
                // no paused run under this id: the message starts a new run
            }
        }
        if (!task.message().hasText()) {
            return Optional.empty();
        }
        RunInput input = RunInput.ofParts(task.message().parts());
        return Optional.of(emitter == null
                ? runs.invoke(input, task.context())
                : runs.stream(input, task.context(), emitter));
    }
}
