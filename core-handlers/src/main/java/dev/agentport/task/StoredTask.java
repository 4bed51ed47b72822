package dev.agentport.task;

import dev.agentport.a2a.A2aTask;

/**
 * A task as read from a {@link TaskStore}, with the version to update it against.
 *
 * @param task    the task
 * @param version how many times it was written; the next conditional write names this version
 */
public record StoredTask(A2aTask task, long version) {
}
