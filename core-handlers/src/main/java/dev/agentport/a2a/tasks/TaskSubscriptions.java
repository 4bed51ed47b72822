package dev.agentport.a2a.tasks;

import dev.agentport.a2a.TaskState;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskLeases;

/**
 * A subscription to a task, as both A2A 1.0 bindings serve it: the remaining events of a task running here; a task
 * running elsewhere is followed through the task store, and a task waiting for input is streamed as stored.
 */
public final class TaskSubscriptions {

    private final TaskRunner runner;
    private final TaskLeases leases;
    private final StoredTaskFollower follower;

    public TaskSubscriptions(TaskRunner runner, TaskLeases leases, StoredTaskFollower follower) {
        this.runner = runner;
        this.leases = leases;
        this.follower = follower;
    }

    /**
     * The task's stream in the binding's {@code frames}.
     *
     * @throws TaskRefusal for an unknown task, or a terminal one, which has no events left
     */
    public HttpResponse open(String id, TaskFrames frames, HttpRequest request) {
        TaskChannel.Subscription subscription = runner.hub().find(id).map(TaskChannel::subscribe).orElse(null);
        if (subscription != null) {
            return TaskEventStream.of(subscription, frames);
        }
        StoredTask stored = leases.get(id).orElseThrow(() -> new TaskRefusal(TaskRefusal.Reason.UNKNOWN_TASK, id,
                null, "Task " + id + " was not found"));
        TaskState state = stored.task().status().state();
        if (state.isTerminal()) {
            throw new TaskRefusal(TaskRefusal.Reason.NO_EVENTS_LEFT, id, state, "Task " + id + " is "
                    + state.wireName() + "; a terminal task has no events to subscribe to");
        }
        return follower.follow(stored, frames, request);
    }
}
