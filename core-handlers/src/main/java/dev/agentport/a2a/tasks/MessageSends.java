package dev.agentport.a2a.tasks;

import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.IncomingMessage;
import dev.agentport.a2a.InvalidField;
import dev.agentport.a2a.SendRequest;
import dev.agentport.a2a.TaskState;
import dev.agentport.http.HttpRequest;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskLeases;

/**
 * A2A 1.0's send, as both of its bindings (JSON-RPC and HTTP+JSON) take it: a message without a task id starts a new
 * task (its id generated); one naming a task continues it, which only a task of the same context waiting for input
 * takes. The run goes on when the client leaves, so the task can be read, continued or canceled over either binding.
 */
public final class MessageSends {

    private final TaskRunner runner;
    private final TaskLeases leases;

    public MessageSends(TaskRunner runner, TaskLeases leases) {
        this.runner = runner;
        this.leases = leases;
    }

    /**
     * @throws TaskRefusal  for an unknown task, or one that takes no message
     * @throws InvalidField when the message names another context than its task's
     */
    public TaskChannel.Subscription start(SendRequest send, HttpRequest request, TaskMessage.Follow follow) {
        IncomingMessage message = send.message();
        TaskMessage task = new TaskMessage(message, null, send.extensions(), true, follow);
        if (message.taskId() == null) {
            return runner.startNew(task, 0, request);
        }
        StoredTask stored = leases.get(message.taskId())
                .orElseThrow(() -> new TaskRefusal(TaskRefusal.Reason.UNKNOWN_TASK, message.taskId(), null,
                        "Task " + message.taskId() + " was not found"));
        A2aTask named = stored.task();
        if (named.status().state() == TaskState.INPUT_REQUIRED && message.contextId() != null
                && !message.contextId().equals(named.contextId())) {
            throw new InvalidField("message.contextId is not the task's contextId");
        }
        return runner.continuePaused(stored, task, request);
    }
}
