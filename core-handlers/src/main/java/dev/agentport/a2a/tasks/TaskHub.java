package dev.agentport.a2a.tasks;

import dev.agentport.a2a.A2aTask;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The channels of the tasks running on this instance. Events never leave the process: a subscriber on another
 * instance follows the task through the task store instead.
 */
public final class TaskHub {

    private final Map<String, TaskChannel> channels = new ConcurrentHashMap<>();

    TaskChannel open(A2aTask task) {
        TaskChannel opened = new TaskChannel(task, this);
        channels.put(task.id(), opened);
        return opened;
    }

    /** The channel's task has stopped running. */
    void closed(String taskId, TaskChannel channel) {
        // Removes only this channel: a resumed task may already have opened the next one under the same id.
        channels.remove(taskId, channel);
    }

    /** The channel of a task running on this instance. */
    public Optional<TaskChannel> find(String taskId) {
        return Optional.ofNullable(channels.get(taskId));
    }
}
