package dev.agentport.task;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An MCP task as read from a {@link McpTaskStore}, with the version to update it against.
 *
 * @param task    the face's document of the task (a copy: changing it changes nothing stored)
 * @param version how many times it was written; the next conditional write names this version
 */
public record StoredMcpTask(ObjectNode task, long version) {
}
