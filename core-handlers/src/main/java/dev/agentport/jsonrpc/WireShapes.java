package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.ProtoJsonShapes;
import dev.agentport.a2a.StreamEvents;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WireValue;
import dev.agentport.agent.Artifact;

/**
 * Tasks, messages and stream events in each version's wire form: 0.3 with {@code kind} discriminators, lowercase
 * states and {@code final} on status updates (the shared A2A shapes); 1.0 in ProtoJSON ({@link ProtoJsonShapes}, which
 * the HTTP+JSON binding writes too).
 */
final class WireShapes {

    private WireShapes() {
    }

    /** A task as a {@code SendMessage} or stream result. */
    static WireValue taskResult(ProtocolVersion version, A2aTask task) {
        return version == ProtocolVersion.V0_3 ? task : ProtoJsonShapes.taskResult(task);
    }

    /** A task as {@code GetTask}, {@code CancelTask} or {@code ListTasks} answer it. */
    static WireValue task(ProtocolVersion version, A2aTask task) {
        return version == ProtocolVersion.V0_3 ? task : ProtoJsonShapes.task(task);
    }

    static WireValue statusUpdate(ProtocolVersion version, String taskId, String contextId, TaskStatus status,
                                  boolean last, ObjectNode metadata) {
        if (version == ProtocolVersion.V0_3) {
            return StreamEvents.statusUpdate(taskId, contextId, status, last, metadata);
        }
        return ProtoJsonShapes.statusUpdate(taskId, contextId, status, metadata);
    }

    static WireValue artifactUpdate(ProtocolVersion version, String taskId, String contextId, Artifact artifact,
                                    boolean append, boolean lastChunk) {
        if (version == ProtocolVersion.V0_3) {
            return StreamEvents.artifactUpdate(taskId, contextId, artifact, append, lastChunk);
        }
        return ProtoJsonShapes.artifactUpdate(taskId, contextId, artifact, append, lastChunk);
    }
}
