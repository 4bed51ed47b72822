package dev.agentport.a2a.tasks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.Artifact;

/**
 * How a binding writes a task's stream events as Server-Sent Events: the JSON-RPC binding wraps each in a response
 * with the request's id, the HTTP+JSON binding sends it bare. {@link TaskEventStream} and {@link StoredTaskFollower}
 * decide what to send and when.
 */
public interface TaskFrames {

    /** The task as the stream's first event. */
    byte[] task(A2aTask task);

    /** A status change; {@code last} marks the stream's last event. */
    byte[] statusUpdate(String taskId, String contextId, TaskStatus status, boolean last, ObjectNode metadata);

    byte[] artifactUpdate(String taskId, String contextId, Artifact artifact, boolean append, boolean lastChunk);

    /** The state store failed: the stream's last event, instead of a state. */
    byte[] storeUnavailable();
}
