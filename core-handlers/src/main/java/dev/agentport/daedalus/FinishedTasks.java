package dev.agentport.daedalus;

import dev.agentport.a2a.IncomingMessage;
import dev.agentport.a2a.TaskState;
import dev.agentport.http.HttpResponse;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskStore;

import java.util.Optional;

/**
 * A message naming a task that the task store holds as finished (an A2A JSON-RPC task that completed, failed, was
 * canceled or rejected) is refused with 409: whatever that task left behind, a paused run included, stays as it is.
 * A store that cannot be read throws, and the request is 503 like any other outage.
 */
final class FinishedTasks {

    private final TaskStore tasks;

    FinishedTasks(TaskStore tasks) {
        this.tasks = tasks;
    }

    Optional<HttpResponse> refusal(IncomingMessage message) {
        if (message.taskId() == null) {
            return Optional.empty();
        }
        return tasks.get(message.taskId())
                .map(StoredTask::task)
                .filter(task -> task.status().state().isTerminal())
                .map(task -> refuse(task.id(), task.status().state()));
    }

    private static HttpResponse refuse(String taskId, TaskState state) {
        return DaedalusErrors.error(409, "task " + taskId + " is " + state.wireName()
                + "; a finished task takes no more messages");
    }
}
