package dev.agentport.task;

import dev.agentport.a2a.A2aTask;

import java.time.Instant;

/**
 * A task as read from a {@link TaskStore}, with the version to update it against.
 *
 * @param task        the task
 * @param version     how many times it was written; the next conditional write names this version
 * @param leaseExpiry until when the instance running the task holds it, or {@code null} when no
 *                    instance does
 */
public record StoredTask(A2aTask task, long version, Instant leaseExpiry) {

    /** A task no instance holds a lease on. */
    public StoredTask(A2aTask task, long version) {
        this(task, version, null);
    }
}
