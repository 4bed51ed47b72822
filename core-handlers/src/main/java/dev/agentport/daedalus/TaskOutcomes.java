package dev.agentport.daedalus;

import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.RunOutcomes;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.RunResult;

import java.util.List;

/** How a run's end reads as a Daedalus task: completed with its reply, input-required with the question, or failed. */
final class TaskOutcomes {

    private TaskOutcomes() {
    }

    static A2aTask finished(TaskRequest task, RunResult result) {
        if (result.isInterrupted()) {
            return new A2aTask(task.taskId(), task.contextId(), inputRequired(task, result.interrupt()), List.of(),
                    result.metadata());
        }
        return new A2aTask(task.taskId(), task.contextId(), TaskStatus.of(TaskState.COMPLETED, null),
                RunOutcomes.completedArtifacts(task.taskId(), result), result.metadata());
    }

    static A2aTask failed(TaskRequest task, String message) {
        return new A2aTask(task.taskId(), task.contextId(), failedStatus(task, message), List.of(), null);
    }

    static TaskStatus failedStatus(TaskRequest task, String message) {
        return RunOutcomes.failed(task.taskId(), task.contextId(), message);
    }

    /** The question as the status message ({@code <taskId>-question}). */
    static TaskStatus inputRequired(TaskRequest task, Interrupt interrupt) {
        A2aMessage message = new A2aMessage(task.taskId() + "-question", "agent", RunOutcomes.question(interrupt),
                task.taskId(), task.contextId());
        return TaskStatus.of(TaskState.INPUT_REQUIRED, message);
    }
}
