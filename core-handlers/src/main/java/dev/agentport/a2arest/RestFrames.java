package dev.agentport.a2arest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.ProtoJsonShapes;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.tasks.TaskFrames;
import dev.agentport.agent.Artifact;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;

/**
 * A task's stream events as this binding sends them: each event's data is a bare {@code StreamResponse}
 * ({@code {"task"}}, {@code {"statusUpdate"}}, {@code {"artifactUpdate"}}); a failed state store is an
 * {@code event: error} whose data is the {@code google.rpc.Status} error body.
 */
final class RestFrames implements TaskFrames {

    static final RestFrames INSTANCE = new RestFrames();

    private RestFrames() {
    }

    @Override
    public byte[] task(A2aTask task) {
        return ServerSentEvents.data(ProtoJsonShapes.taskResult(task).text());
    }

    @Override
    public byte[] statusUpdate(String taskId, String contextId, TaskStatus status, boolean last,
                               ObjectNode metadata) {
        return ServerSentEvents.data(ProtoJsonShapes.statusUpdate(taskId, contextId, status, metadata).text());
    }

    @Override
    public byte[] artifactUpdate(String taskId, String contextId, Artifact artifact, boolean append,
                                 boolean lastChunk) {
        return ServerSentEvents.data(ProtoJsonShapes.artifactUpdate(taskId, contextId, artifact, append, lastChunk)
                .text());
    }

    @Override
    public byte[] storeUnavailable() {
        return ServerSentEvents.event("error", Json.write(RestResponses.body(RestError.storeUnavailable())));
    }
}
