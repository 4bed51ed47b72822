package dev.agentport.daedalus;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.RunOutcomes;
import dev.agentport.a2a.StreamEvents;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WireValue;
import dev.agentport.a2a.tasks.TaskChannel;
import dev.agentport.a2a.tasks.TaskEvent;
import dev.agentport.http.EventSink;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.runtime.StoreOutage;

import java.io.IOException;
import java.util.List;

/**
 * A task's events as Server-Sent Events: the task ({@code submitted}), a {@code working} status update, the run's
 * artifact and status updates as its channel delivers them, and a last status update marked {@code final}, in the
 * state the task stopped in ({@code completed}, {@code input-required}, {@code failed}, {@code canceled}). When the
 * state store failed, the last update is {@code failed} with the store's message.
 */
final class TaskStream {

    private TaskStream() {
    }

    static void write(EventSink sink, TaskChannel.Subscription subscription) throws IOException {
        A2aTask task = subscription.snapshot();
        send(sink, new A2aTask(task.id(), task.contextId(), TaskStatus.of(TaskState.SUBMITTED, null), List.of(),
                null));
        send(sink, status(task, TaskStatus.of(TaskState.WORKING, null), false, null));
        while (true) {
            TaskEvent event = subscription.next();
            switch (event) {
                case TaskEvent.Status status -> send(sink, status(task, status.status(), false, status.metadata()));
                case TaskEvent.ArtifactChunk chunk -> send(sink, StreamEvents.artifactUpdate(task.id(),
                        task.contextId(), chunk.artifact(), chunk.append(), chunk.lastChunk()));
                case TaskEvent.Final end -> {
                    send(sink, status(task, end.task().status(), true, end.task().metadata()));
                    return;
                }
                case TaskEvent.StoreUnavailable unavailable -> {
                    send(sink, status(task, RunOutcomes.failed(task.id(), task.contextId(), StoreOutage.MESSAGE),
                            true, null));
                    return;
                }
            }
        }
    }

    private static WireValue status(A2aTask task, TaskStatus status, boolean last, ObjectNode metadata) {
        return StreamEvents.statusUpdate(task.id(), task.contextId(), status, last, metadata);
    }

    private static void send(EventSink sink, WireValue event) throws IOException {
        sink.send(ServerSentEvents.data(event.text()));
    }
}
