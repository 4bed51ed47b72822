package dev.agentport.a2a.tasks;

import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.InvalidField;
import dev.agentport.a2a.ProtoJsonShapes;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.WireValue;
import dev.agentport.task.TaskLeases;
import dev.agentport.task.TaskPage;
import dev.agentport.task.TaskQuery;

import java.util.List;

/**
 * A2A 1.0's {@code ListTasks}, as both of its bindings read it (JSON-RPC params, HTTP+JSON query parameters): one page
 * of the stored tasks, newest status first, each with at most {@code historyLength} history messages and, unless
 * {@code includeArtifacts}, no artifacts.
 *
 * @param contextId        only this context's tasks, or {@code null}
 * @param state            only tasks in this state, or {@code null}
 * @param pageSize         the page's size, or {@code null} for {@link TaskQuery#DEFAULT_PAGE_SIZE}
 * @param pageToken        where the previous page ended, or {@code null}
 * @param historyLength    history messages per task, or {@code null} for all
 * @param includeArtifacts whether the tasks carry their artifacts
 */
public record TaskListing(String contextId, TaskState state, Integer pageSize, String pageToken,
                          Integer historyLength, boolean includeArtifacts) {

    /** The state a {@code status} filter names ({@code TASK_STATE_*}); {@code null} for none or unspecified. */
    public static TaskState state(String status) {
        if (status == null || status.isEmpty() || status.equals("TASK_STATE_UNSPECIFIED")) {
            return null;
        }
        return List.of(TaskState.values()).stream().filter(s -> s.protoName().equals(status))
                .findFirst().orElseThrow(() -> new InvalidField("status must be a TASK_STATE_* value"));
    }

    /** @throws InvalidField for a page token the store does not know */
    public WireValue answer(TaskLeases leases) {
        int size = pageSize == null ? TaskQuery.DEFAULT_PAGE_SIZE : pageSize;
        TaskPage page;
        try {
            page = leases.list(new TaskQuery(contextId, state, size, pageToken));
        } catch (IllegalArgumentException e) {
            throw new InvalidField(e.getMessage());
        }
        List<A2aTask> shown = page.tasks().stream().map(task -> {
            A2aTask trimmed = task.withHistoryLength(historyLength);
            return includeArtifacts ? trimmed : new A2aTask(trimmed.id(), trimmed.contextId(), trimmed.status(),
                    List.of(), trimmed.metadata(), trimmed.history());
        }).toList();
        return ProtoJsonShapes.taskList(page, shown, size);
    }
}
