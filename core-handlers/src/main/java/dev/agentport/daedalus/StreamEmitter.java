package dev.agentport.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.ReplyChunks;
import dev.agentport.a2a.StreamEvents;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Progress;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunResult;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.Frames;

/**
 * Encodes what a streaming run emits as A2A events: text deltas append to the one reply artifact, artifacts and status
 * lines go out as they come; steps and tool calls have no Daedalus event and are left out.
 */
final class StreamEmitter implements RunEmitter {

    private final Frames frames;
    private final TaskRequest task;
    private final ReplyChunks chunks;

    StreamEmitter(Frames frames, TaskRequest task) {
        this.frames = frames;
        this.task = task;
        this.chunks = new ReplyChunks(task.taskId());
    }

    @Override
    public synchronized void delta(String text) {
        send(chunks.delta(text));
    }

    @Override
    public void step(String description, JsonNode result) {
    }

    @Override
    public void toolCall(String name, JsonNode args) {
    }

    @Override
    public synchronized void artifact(Artifact artifact) {
        send(chunks.artifact(artifact));
    }

    @Override
    public void status(String message) {
        working(message, null);
    }

    @Override
    public void progress(Progress progress) {
        working(progress.message(), StreamEvents.progressMetadata(progress));
    }

    /**
     * Completes the reply artifact (an empty last chunk after streamed chunks, or the whole reply when the run streamed
     * none), then sends the result's artifacts not sent yet.
     */
    synchronized void finish(RunResult result) {
        (result.isInterrupted() ? chunks.interrupted(result) : chunks.completed(result)).forEach(this::send);
    }

    private void working(String message, ObjectNode metadata) {
        A2aMessage note = message == null ? null
                : A2aMessage.agentText(task.taskId() + "-status", message, task.taskId(), task.contextId());
        synchronized (this) {
            send(StreamEvents.statusUpdate(task.taskId(), task.contextId(), TaskStatus.of(TaskState.WORKING, note),
                    false, metadata));
        }
    }

    private void send(ReplyChunks.Chunk chunk) {
        send(StreamEvents.artifactUpdate(task.taskId(), task.contextId(), chunk.artifact(), chunk.append(),
                chunk.lastChunk()));
    }

    private void send(ObjectNode event) {
        frames.emit(ServerSentEvents.data(Json.write(event)));
    }
}
