package dev.agentport.a2a.tasks;

import dev.agentport.a2a.A2aMessage;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.a2a.WrittenTask;
import dev.agentport.agent.Progress;

import java.io.InterruptedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;

/**
 * The events of one task running on this instance, delivered in order to every subscriber, whenever it joined. A
 * subscriber gets the task as it stands when it subscribes, then every later event up to {@link TaskEvent.Final}.
 */
public final class TaskChannel {

    /** What a subscriber starts from, and where its events arrive. */
    public record Subscription(A2aTask snapshot, BlockingQueue<TaskEvent> events) {

        /** The next event, for a writer of the task's stream: an interrupt (the server stopping) ends the stream. */
        public TaskEvent next() throws InterruptedIOException {
            try {
                return events.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while streaming");
            }
        }

        /** Waits for the last event: {@link TaskEvent.Final}, or {@link TaskEvent.StoreUnavailable}. */
        public TaskEvent awaitEnd() throws InterruptedException {
            while (true) {
                TaskEvent event = events.take();
                if (event instanceof TaskEvent.Final || event instanceof TaskEvent.StoreUnavailable) {
                    return event;
                }
            }
        }
    }

    private final TaskHub hub;
    private final String taskId;
    private final List<BlockingQueue<TaskEvent>> subscribers = new ArrayList<>();
    /** Subscribers that wait for the last event only (a blocking send): no earlier event is queued for them. */
    private final List<BlockingQueue<TaskEvent>> awaitingEnd = new ArrayList<>(1);
    /** Whether {@link #subscribers} holds any: once true, true for good (a subscriber is never removed). */
    private volatile boolean eventSubscribers;
    private A2aTask snapshot;
    /**
     * The last status note published while no subscriber took every event, kept as its parts and not made: only a
     * subscriber joining before the next one needs it, in its snapshot. {@code unseen} says whether there is one.
     */
    private boolean unseen;
    private String unseenNote;
    private Progress unseenProgress;
    private Instant unseenAt;
    private boolean finished;

    TaskChannel(A2aTask start, TaskHub hub) {
        this.snapshot = start;
        this.hub = hub;
        this.taskId = start.id();
    }

    /** A new subscriber, or {@code null} once the task has stopped running. */
    public synchronized Subscription subscribe() {
        if (finished) {
            return null;
        }
        BlockingQueue<TaskEvent> events = new LinkedBlockingQueue<>();
        subscribers.add(events);
        eventSubscribers = true;
        return new Subscription(snapshot(), events);
    }

    /**
     * A subscriber that gets the last event only ({@link Subscription#awaitEnd()} is all it may call), or {@code null}
     * once the task has stopped running.
     */
    synchronized Subscription subscribeToEnd() {
        if (finished) {
            return null;
        }
        // One event ever reaches it: a queue without locks of its own will do.
        BlockingQueue<TaskEvent> end = new LinkedTransferQueue<>();
        awaitingEnd.add(end);
        return new Subscription(snapshot(), end);
    }

    /** The task as it stands: the unseen status note, if any, is made now. */
    private A2aTask snapshot() {
        if (unseen) {
            snapshot = snapshot.withStatus(status(unseenNote, unseenProgress, unseenAt).status());
            forgetUnseen();
        }
        return snapshot;
    }

    private void forgetUnseen() {
        unseen = false;
        unseenNote = null;
        unseenProgress = null;
        unseenAt = null;
    }

    /**
     * Whether a subscriber takes every event. When none does (a blocking send waits for the end only), an artifact
     * chunk need not be made: it would reach no one, and a later subscriber starts after it. Read without the lock:
     * an emitter asks before every text delta.
     */
    boolean hasEventSubscribers() {
        return eventSubscribers;
    }

    synchronized void publish(TaskEvent.ArtifactChunk chunk) {
        send(chunk);
    }

    private void send(TaskEvent event) {
        if (finished) {
            return;
        }
        for (BlockingQueue<TaskEvent> queue : subscribers) {
            queue.add(event);
        }
    }

    /**
     * Publishes a working status with its note (or {@code null}) and progress (or {@code null}), reached now. The event
     * is made only when a subscriber takes every event or joins before the next note: while no one follows a run's
     * status notes (a blocking send waits for the end only), none is made.
     */
    synchronized void publishStatus(String note, Progress progress) {
        if (finished) {
            return;
        }
        if (subscribers.isEmpty()) {
            unseen = true;
            unseenNote = note;
            unseenProgress = progress;
            unseenAt = Instant.now();
            return;
        }
        TaskEvent.Status made = status(note, progress, Instant.now());
        snapshot = snapshot.withStatus(made.status());
        forgetUnseen();
        send(made);
    }

    private TaskEvent.Status status(String note, Progress progress, Instant at) {
        return new TaskEvent.Status(new TaskStatus(TaskState.WORKING, note == null ? null
                : A2aMessage.agentText(taskId + "-status", note, taskId, snapshot.contextId()), at), progress);
    }

    /** Sends the last event and closes the channel. */
    void finish(WrittenTask task) {
        synchronized (this) {
            snapshot = task.task();
            forgetUnseen();
        }
        end(new TaskEvent.Final(task));
    }

    /** Ends the channel without a state: the store failed, so what is stored is not known. */
    void storeUnavailable() {
        end(new TaskEvent.StoreUnavailable());
    }

    private void end(TaskEvent last) {
        synchronized (this) {
            if (finished) {
                return;
            }
            subscribers.forEach(queue -> queue.add(last));
            awaitingEnd.forEach(queue -> queue.add(last));
            finished = true;
        }
        hub.closed(taskId, this);
    }
}
