package dev.agentport.a2a.tasks;

import dev.agentport.face.FaceContext;

/** The one task runner of a server, which every A2A face starts its tasks through and follows them on. */
public final class TaskRunners {

    private TaskRunners() {
    }

    public static TaskRunner of(FaceContext context) {
        return context.shared(TaskRunner.class, () -> new TaskRunner(context.runs(), context.tasks()));
    }
}
