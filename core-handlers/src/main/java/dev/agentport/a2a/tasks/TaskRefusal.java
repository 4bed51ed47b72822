package dev.agentport.a2a.tasks;

import dev.agentport.a2a.TaskState;

/**
 * A message or a cancel the task lifecycle does not take, for the face to answer in its own error shape; the message
 * says why, naming the task.
 */
public final class TaskRefusal extends RuntimeException {

    /** Why. */
    public enum Reason {
        /** The store holds no task of that id. */
        UNKNOWN_TASK,
        /** The task is not waiting for input, so it takes no answer. */
        NOT_AWAITING_INPUT,
        /** Another message answered the task, or started a task of that id, first. */
        TAKEN_MEANWHILE,
        /** The message carries no text or data part to answer the task with. */
        NO_ANSWER,
        /** The task has ended, so it cannot be canceled. */
        NOT_CANCELABLE,
        /** The task has ended, so a subscription has no events left to send. */
        NO_EVENTS_LEFT
    }

    private final Reason reason;
    private final String taskId;
    private final TaskState state;

    TaskRefusal(Reason reason, String taskId, TaskState state, String message) {
        super(message, null, false, false);
        this.reason = reason;
        this.taskId = taskId;
        this.state = state;
    }

    public Reason reason() {
        return reason;
    }

    public String taskId() {
        return taskId;
    }

    /** The task's state when it was refused; {@code null} for an unknown task. */
    public TaskState state() {
        return state;
    }
}
