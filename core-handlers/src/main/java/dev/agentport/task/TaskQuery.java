package dev.agentport.task;

import dev.agentport.a2a.TaskState;

/**
 * Which tasks to list, newest status first.
 *
 * @param contextId only this context's tasks, or {@code null} for all
 * @param state     only tasks in this state, or {@code null} for all
 * @param pageSize  at most this many tasks (1 to {@link #MAX_PAGE_SIZE})
 * @param pageToken where the previous page ended, as {@link TaskPage#nextPageToken()} gave it, or {@code null}
 */
public record TaskQuery(String contextId, TaskState state, int pageSize, String pageToken) {

    public static final int DEFAULT_PAGE_SIZE = 50;
    public static final int MAX_PAGE_SIZE = 100;

    public TaskQuery {
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("pageSize must be between 1 and " + MAX_PAGE_SIZE);
        }
        pageToken = pageToken == null || pageToken.isEmpty() ? null : pageToken;
    }
}
