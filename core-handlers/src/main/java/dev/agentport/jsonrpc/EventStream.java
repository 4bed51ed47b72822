package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.WireValue;
import dev.agentport.a2a.tasks.TaskChannel;
import dev.agentport.a2a.tasks.TaskEvent;
import dev.agentport.http.Body;
import dev.agentport.http.EventSink;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;

import java.io.IOException;

/**
 * A task's events as Server-Sent Events, each a JSON-RPC response with the request's id: the task first, then its
 * artifact and status updates, and last a status update with the state it stopped in ({@code final: true} in 0.3), or,
 * when the state store failed, a JSON-RPC error instead.
 * A client that leaves stops only its own stream; the task runs on.
 */
final class EventStream {

    private EventStream() {
    }

    static HttpResponse of(TaskChannel.Subscription subscription, ProtocolVersion version, JsonNode id) {
        return HttpResponse.builder(200)
                .contentType(ServerSentEvents.CONTENT_TYPE)
                .setHeader(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                .setHeader(HttpHeaderNames.X_ACCEL_BUFFERING, "no")
                .body(Body.stream(sink -> write(sink, subscription, version, id)))
                .build();
    }

    private static void write(EventSink sink, TaskChannel.Subscription subscription, ProtocolVersion version,
                              JsonNode id) throws IOException {
        A2aTask task = subscription.snapshot();
        send(sink, id, WireShapes.taskResult(version, task));
        while (true) {
            TaskEvent event = subscription.next();
            switch (event) {
                case TaskEvent.Status status -> send(sink, id, WireShapes.statusUpdate(version, task.id(),
                        task.contextId(), status.status(), false, status.metadata()));
                case TaskEvent.ArtifactChunk chunk -> send(sink, id, WireShapes.artifactUpdate(version, task.id(),
                        task.contextId(), chunk.artifact(), chunk.append(), chunk.lastChunk()));
                case TaskEvent.Final end -> {
                    sendFinal(sink, id, version, end.task());
                    return;
                }
                case TaskEvent.StoreUnavailable unavailable -> {
                    sink.send(RpcResponses.event(RpcResponses.error(id, RpcError.storeUnavailable(), version)));
                    return;
                }
            }
        }
    }

    private static void sendFinal(EventSink sink, JsonNode id, ProtocolVersion version, A2aTask task)
            throws IOException {
        send(sink, id, WireShapes.statusUpdate(version, task.id(), task.contextId(), task.status(), true,
                task.metadata()));
    }

    private static void send(EventSink sink, JsonNode id, WireValue result) throws IOException {
        sink.send(RpcResponses.event(RpcResponses.result(id, result)));
    }
}
