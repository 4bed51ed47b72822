package dev.agentport.a2a.tasks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.RunOutcomes;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.RunResult;

import java.util.ArrayList;
import java.util.List;

/**
 * How a run's end reads as a stored task: completed with its reply, input-required with the question (kept in the
 * history too), failed, canceled.
 */
final class Outcomes {

    private Outcomes() {
    }

    static A2aTask finished(A2aTask running, RunResult result) {
        if (result.isInterrupted()) {
            A2aMessage question = new A2aMessage(running.id() + "-question-" + running.history().size(), "agent",
                    RunOutcomes.question(result.interrupt()), running.id(), running.contextId());
            List<A2aMessage> history = new ArrayList<>(running.history());
            history.add(question);
            return new A2aTask(running.id(), running.contextId(), TaskStatus.of(TaskState.INPUT_REQUIRED, question),
                    running.artifacts(), metadata(result), history);
        }
        return new A2aTask(running.id(), running.contextId(), TaskStatus.of(TaskState.COMPLETED, null),
                RunOutcomes.completedArtifacts(running.id(), result), metadata(result), running.history());
    }

    static A2aTask failed(A2aTask running, String message) {
        return running.withStatus(RunOutcomes.failed(running.id(), running.contextId(), message));
    }

    static A2aTask canceled(A2aTask running) {
        return running.withStatus(TaskStatus.of(TaskState.CANCELED, null));
    }

    private static ObjectNode metadata(RunResult result) {
        return result.metadata().isEmpty() ? null : result.metadata();
    }
}
