package dev.agentport.a2a.tasks;

import dev.agentport.face.FaceContext;
import dev.agentport.task.TaskLeases;

/** The one task runner of a server, which every A2A face starts its tasks through and follows them on. */
public final class TaskRunners {

    private TaskRunners() {
    }

    public static TaskRunner of(FaceContext context) {
        return context.shared(TaskRunner.class, () -> new TaskRunner(context.runs(), context.tasks(), leases(context)));
    }

    /** The server's reads of running tasks through their leases: a task whose instance died reads as failed. */
    public static TaskLeases leases(FaceContext context) {
        return context.shared(TaskLeases.class, () -> new TaskLeases(context.tasks(), context.leases()));
    }
}
