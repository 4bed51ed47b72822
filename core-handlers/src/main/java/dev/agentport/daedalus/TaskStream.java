package dev.agentport.daedalus;

import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.StreamEvents;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.RunResult;
import dev.agentport.http.EventSink;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.FramePump;
import dev.agentport.runtime.RunRegistry;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * A task as Server-Sent Events: the task ({@code submitted}), a {@code working} status update, artifact updates as the
 * run produces them, and a last status update marked {@code final} ({@code completed}, {@code input-required} or
 * {@code failed}). A run that fails, passes its deadline or is cancelled by shutdown ends with a final {@code failed}.
 */
final class TaskStream {

    private final TaskExecution execution;
    private final RunRegistry registry;

    TaskStream(TaskExecution execution, RunRegistry registry) {
        this.execution = execution;
        this.registry = registry;
    }

    void write(EventSink sink, TaskRequest task) throws IOException {
        FramePump.Outcome outcome;
        var context = task.context();
        try (RunRegistry.Registration running = registry.register(context.runId(), context.cancellation())) {
            outcome = FramePump.run(sink, context.cancellation(), context.deadline(), frames -> {
                A2aTask submitted = new A2aTask(task.taskId(), task.contextId(),
                        TaskStatus.of(TaskState.SUBMITTED, null), List.of(), null);
                frames.emit(ServerSentEvents.data(Json.write(submitted.toJson())));
                frames.emit(event(task, TaskStatus.of(TaskState.WORKING, null), false, null));
                StreamEmitter emitter = new StreamEmitter(frames, task);
                Optional<RunResult> result = execution.run(task, emitter);
                if (result.isEmpty()) {
                    frames.emit(event(task, TaskOutcomes.failedStatus(task, TaskExecution.NO_TEXT), true, null));
                    return;
                }
                emitter.finish(result.get());
                A2aTask finished = TaskOutcomes.finished(task, result.get());
                frames.emit(event(task, finished.status(), true, finished.metadata()));
            });
        }
        String failure = switch (outcome) {
            case FramePump.Outcome.Completed completed -> null;
            case FramePump.Outcome.Failed failed ->
                    AgentFailures.describe(failed.error(), task.traceId(), "task stream").message();
            case FramePump.Outcome.TimedOut timedOut -> AgentFailures.timedOut(task.traceId(), "task stream").message();
            case FramePump.Outcome.Cancelled cancelled ->
                    AgentFailures.cancelled(cancelled.reason(), task.traceId(), "task stream").message();
        };
        if (failure != null) {
            sink.send(event(task, TaskOutcomes.failedStatus(task, failure), true, null));
        }
    }

    private static byte[] event(TaskRequest task, TaskStatus status, boolean last,
                                com.fasterxml.jackson.databind.node.ObjectNode metadata) {
        return ServerSentEvents.data(Json.write(StreamEvents.statusUpdate(task.taskId(), task.contextId(), status,
                last, metadata)));
    }
}
