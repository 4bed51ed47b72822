package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.tasks.TaskFrames;
import dev.agentport.agent.Artifact;

/**
 * A task's stream events as this binding sends them: each a JSON-RPC response with the request's id, in the request's
 * version ({@code final: true} on the last status update in 0.3); a failed state store as a JSON-RPC error.
 */
record RpcFrames(ProtocolVersion version, JsonNode id) implements TaskFrames {

    @Override
    public byte[] task(A2aTask task) {
        return RpcResponses.event(RpcResponses.result(id, WireShapes.taskResult(version, task)));
    }

    @Override
    public byte[] statusUpdate(String taskId, String contextId, TaskStatus status, boolean last,
                               ObjectNode metadata) {
        return RpcResponses.event(RpcResponses.result(id,
                WireShapes.statusUpdate(version, taskId, contextId, status, last, metadata)));
    }

    @Override
    public byte[] artifactUpdate(String taskId, String contextId, Artifact artifact, boolean append,
                                 boolean lastChunk) {
        return RpcResponses.event(RpcResponses.result(id,
                WireShapes.artifactUpdate(version, taskId, contextId, artifact, append, lastChunk)));
    }

    @Override
    public byte[] storeUnavailable() {
        return RpcResponses.event(RpcResponses.error(id, RpcError.storeUnavailable(), version));
    }
}
