package dev.agentport.a2a.tasks;

import dev.agentport.a2a.A2aTask;
import dev.agentport.http.Body;
import dev.agentport.http.EventSink;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;

import java.io.IOException;

/**
 * A task's events as Server-Sent Events, each written by the binding's {@link TaskFrames}: the task first, then its
 * artifact and status updates, and last a status update with the state it stopped in, or, when the state store failed,
 * the binding's error instead. A client that leaves stops only its own stream; the task runs on.
 */
public final class TaskEventStream {

    private TaskEventStream() {
    }

    public static HttpResponse of(TaskChannel.Subscription subscription, TaskFrames frames) {
        return HttpResponse.builder(200)
                .contentType(ServerSentEvents.CONTENT_TYPE)
                .setHeader(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                .setHeader(HttpHeaderNames.X_ACCEL_BUFFERING, "no")
                .body(Body.stream(sink -> write(sink, subscription, frames)))
                .build();
    }

    private static void write(EventSink sink, TaskChannel.Subscription subscription, TaskFrames frames)
            throws IOException {
        A2aTask task = subscription.snapshot();
        sink.send(frames.task(task));
        while (true) {
            TaskEvent event = subscription.next();
            switch (event) {
                case TaskEvent.Status status -> sink.send(frames.statusUpdate(task.id(), task.contextId(),
                        status.status(), false, status.metadata()));
                case TaskEvent.ArtifactChunk chunk -> sink.send(frames.artifactUpdate(task.id(), task.contextId(),
                        chunk.artifact(), chunk.append(), chunk.lastChunk()));
                case TaskEvent.Final end -> {
                    A2aTask last = end.task();
                    sink.send(frames.statusUpdate(last.id(), last.contextId(), last.status(), true, last.metadata()));
                    return;
                }
                case TaskEvent.StoreUnavailable unavailable -> {
                    sink.send(frames.storeUnavailable());
                    return;
                }
            }
        }
    }
}
