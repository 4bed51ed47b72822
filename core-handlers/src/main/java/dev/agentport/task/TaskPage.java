package dev.agentport.task;

import dev.agentport.a2a.A2aTask;

import java.util.List;

/**
 * One page of a task listing.
 *
 * @param tasks         the tasks, newest status first
 * @param nextPageToken the token of the next page, or {@code ""} on the last page
 * @param totalSize     how many tasks match the query on all pages
 */
public record TaskPage(List<A2aTask> tasks, String nextPageToken, int totalSize) {

    public TaskPage {
        tasks = List.copyOf(tasks);
        nextPageToken = nextPageToken == null ? "" : nextPageToken;
    }
}
