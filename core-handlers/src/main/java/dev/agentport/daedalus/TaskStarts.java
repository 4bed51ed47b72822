package dev.agentport.daedalus;

import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.IncomingMessage;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.tasks.TaskChannel;
import dev.agentport.a2a.tasks.TaskMessage;
import dev.agentport.a2a.tasks.TaskRefusal;
import dev.agentport.a2a.tasks.TaskRunner;
import dev.agentport.base.IdBytes;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskLeases;

import java.util.Map;
import java.util.Optional;

/**
 * Where a Daedalus message goes in the task lifecycle. Its task id is {@code message.taskId}, else
 * {@code message.messageId}, else {@code anonymous-<uuid>}. A message naming a task that waits for input, with text or
 * a data part, continues it (of two racing answers exactly one does). A task id the store does not hold, or holds as
 * completed or failed, starts a new task under that id. A message naming a task that was stopped (canceled, rejected)
 * is 409: whatever the task left behind, a paused run included, stays as it is. So is a message for a task that is
 * still running, or that waits for input but gets no answer from it. A store that cannot be read throws, and the
 * request is 503 like any other outage.
 */
final class TaskStarts {

    /** A started task's subscription, or the refusal to answer instead. */
    record Start(TaskChannel.Subscription subscription, HttpResponse refusal) {
    }

    private final TaskRunner runner;
    private final TaskLeases tasks;

    TaskStarts(TaskRunner runner, TaskLeases tasks) {
        this.runner = runner;
        this.tasks = tasks;
    }

    /** @param awaited the caller waits for the task's end on this thread (not as events) */
    Start start(IncomingMessage message, HttpRequest request, boolean awaited) {
        String taskId = message.taskId() != null ? message.taskId()
                : message.messageId() != null ? message.messageId()
                : "anonymous-" + IdBytes.uuid();
        // Not detached: Daedalus has no way to fetch a task later, so a client that leaves cancels its run.
        TaskMessage send = new TaskMessage(message, taskId, Map.of(), false,
                awaited ? TaskMessage.Follow.END : TaskMessage.Follow.EVERY_EVENT);
        // An id made up here names no stored task: no need to ask the store.
        boolean madeUp = message.taskId() == null && message.messageId() == null;
        Optional<StoredTask> stored = madeUp ? Optional.empty() : tasks.get(taskId);
        try {
            if (stored.isEmpty()) {
                return started(runner.startNew(send, 0, request));
            }
            A2aTask task = stored.get().task();
            TaskState state = task.status().state();
            boolean named = message.taskId() != null;
            if (state.isTerminal()) {
                if (named && stopped(state)) {
                    return refused(task.id() + " is " + state.wireName() + "; a finished task takes no more messages");
                }
                return started(runner.startNew(send, stored.get().version(), request));
            }
            if (named && state == TaskState.INPUT_REQUIRED && send.answer() != null) {
                return started(runner.continuePaused(stored.get(), send, request));
            }
            return refused(task.id() + " is " + state.wireName()
                    + "; it takes a message only while it waits for input, as its answer");
        } catch (TaskRefusal refusal) {
            return new Start(null, DaedalusErrors.error(409, refusal.getMessage()));
        }
    }

    /** Ended by someone rather than by its run: such a task keeps its end. */
    private static boolean stopped(TaskState state) {
        return state == TaskState.CANCELED || state == TaskState.REJECTED;
    }

    private static Start started(TaskChannel.Subscription subscription) {
        return new Start(subscription, null);
    }

    private static Start refused(String why) {
        return new Start(null, DaedalusErrors.error(409, "task " + why));
    }
}
