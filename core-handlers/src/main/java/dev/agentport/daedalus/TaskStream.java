package dev.agentport.daedalus;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.StreamEvents;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.http.EventSink;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.RunOutcome;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * A task as Server-Sent Events: the task ({@code submitted}), a {@code working} status update, artifact updates as the
 * run produces them, and a last status update marked {@code final} ({@code completed}, {@code input-required} or
 * {@code failed}). A run that fails, passes its deadline or is cancelled by shutdown ends with a final {@code failed}.
 */
final class TaskStream {

    void write(EventSink sink, TaskRequest task) throws IOException {
        RunOutcome outcome = task.run().streamTo(sink, frames -> {
            A2aTask submitted = new A2aTask(task.taskId(), task.contextId(),
                    TaskStatus.of(TaskState.SUBMITTED, null), List.of(), null);
            frames.emit(ServerSentEvents.data(Json.write(submitted.toJson())));
            frames.emit(event(task, TaskStatus.of(TaskState.WORKING, null), false, null));
            StreamEmitter emitter = new StreamEmitter(frames, task);
            Optional<RunOutcome> run = TaskExecution.run(task, emitter);
            if (run.isEmpty()) {
                frames.emit(event(task, TaskOutcomes.failedStatus(task, TaskExecution.NO_TEXT), true, null));
            } else if (run.get() instanceof RunOutcome.Completed completed) {
                emitter.finish(completed.result());
                A2aTask finished = TaskOutcomes.finished(task, completed.result());
                frames.emit(event(task, finished.status(), true, finished.metadata()));
            }
            return run.orElse(null);
        });
        if (outcome instanceof RunOutcome.Failed failed) {
            sink.send(event(task, TaskOutcomes.failedStatus(task, failed.failure().message()), true, null));
        }
    }

    private static byte[] event(TaskRequest task, TaskStatus status, boolean last, ObjectNode metadata) {
        return ServerSentEvents.data(Json.write(StreamEvents.statusUpdate(task.taskId(), task.contextId(), status,
                last, metadata)));
    }
}
