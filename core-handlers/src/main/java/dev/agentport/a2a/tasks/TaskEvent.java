package dev.agentport.a2a.tasks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.StreamEvents;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WrittenTask;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Progress;

/** What happens to a running task, as every subscriber receives it; each renders it in its own version. */
public sealed interface TaskEvent {

    /**
     * A status change that does not end the task (working, with a note or progress).
     *
     * @param progress the progress it reports, or {@code null}
     */
    record Status(TaskStatus status, Progress progress) implements TaskEvent {

        /** The event's metadata: the progress, made when a subscriber writes the event; {@code null} without one. */
        public ObjectNode metadata() {
            return progress == null ? null : StreamEvents.progressMetadata(progress);
        }
    }

    /** A chunk of an artifact: {@code append} adds to the one sent before, {@code lastChunk} completes it. */
    record ArtifactChunk(Artifact artifact, boolean append, boolean lastChunk) implements TaskEvent {
    }

    /**
     * The task as stored when it stopped running (terminal, or waiting for input), with its wire form; always the last
     * event.
     */
    record Final(WrittenTask written) implements TaskEvent {

        public A2aTask task() {
            return written.task();
        }
    }

    /**
     * The run stopped, but the state store failed, so the task's end (or the turn) may not be kept: no state is
     * reported. Always the last event, instead of {@link Final}.
     */
    record StoreUnavailable() implements TaskEvent {
    }
}
