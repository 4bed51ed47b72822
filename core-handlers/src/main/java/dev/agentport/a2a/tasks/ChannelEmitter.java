package dev.agentport.a2a.tasks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.a2a.ReplyChunks;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Cancellation;
import dev.agentport.agent.Progress;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunResult;

/**
 * Publishes what a streaming run emits on its task's channel: text deltas append to the one reply artifact,
 * artifacts and status lines go out as they come; steps and tool calls have no A2A event. Every call checks the
 * cancellation first, so a canceled task stops its agent at the next event; it reads no clock for it
 * ({@link Cancellation#checkSignalled()}): the run engine marks the deadline.
 */
final class ChannelEmitter implements RunEmitter {

    private final TaskChannel channel;
    private final Cancellation cancellation;
    private final ReplyChunks chunks;

    ChannelEmitter(TaskChannel channel, String taskId, Cancellation cancellation) {
        this.channel = channel;
        this.cancellation = cancellation;
        this.chunks = new ReplyChunks(taskId);
    }

    @Override
    public synchronized void delta(String text) {
        cancellation.checkSignalled();
        if (channel.hasEventSubscribers()) {
            publish(chunks.delta(text));
        } else {
            chunks.deltaUnseen();
        }
    }

    @Override
    public void step(String description, JsonNode result) {
        cancellation.checkSignalled();
    }

    @Override
    public void toolCall(String name, JsonNode args) {
        cancellation.checkSignalled();
    }

    @Override
    public synchronized void artifact(Artifact artifact) {
        cancellation.checkSignalled();
        publish(chunks.artifact(artifact));
    }

    @Override
    public void status(String message) {
        working(message, null);
    }

    @Override
    public void progress(Progress progress) {
        working(progress.message(), progress);
    }

    /**
     * Completes the reply artifact (an empty last chunk after streamed chunks; the whole reply when the run streamed
     * none, unless it paused), then sends the result's artifacts not sent yet.
     */
    synchronized void finish(RunResult result) {
        if (channel.hasEventSubscribers()) {
            (result.isInterrupted() ? chunks.interrupted(result) : chunks.completed(result)).forEach(this::publish);
        }
    }

    private void publish(ReplyChunks.Chunk chunk) {
        channel.publish(new TaskEvent.ArtifactChunk(chunk.artifact(), chunk.append(), chunk.lastChunk()));
    }

    /**
     * A working status, stamped now (under the channel's lock, so in the order published); its note and event are made
     * only for a subscriber (the channel decides).
     */
    private void working(String message, Progress progress) {
        cancellation.checkSignalled();
        channel.publishStatus(message, progress);
    }
}
