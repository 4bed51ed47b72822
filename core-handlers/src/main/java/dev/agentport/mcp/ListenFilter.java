package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a {@code subscriptions/listen} request opts in to ({@code params.notifications}, SEP-2575's filter with the
 * tasks extension's {@code taskIds}), checked: a missing or malformed filter is {@code -32602} with 400. Of the kinds
 * it may name, this server honours only task status notifications: it has no list that changes and no resource
 * updates.
 *
 * @param taskIds     the task ids named, each once, in the order given
 * @param asksForTasks whether the filter names {@code taskIds} at all (even empty)
 */
record ListenFilter(List<String> taskIds, boolean asksForTasks) {

    static final String NOTIFICATIONS = "notifications";
    static final String TASK_IDS = "taskIds";
    /** The most task ids one stream may watch, so that one request cannot make a stream read the store unboundedly. */
    static final int MAX_TASKS = 100;

    private static final List<String> FLAGS = List.of("toolsListChanged", "promptsListChanged",
            "resourcesListChanged");

    ListenFilter {
        taskIds = List.copyOf(taskIds);
    }

    static ListenFilter of(ObjectNode params) {
        if (!(params.get(NOTIFICATIONS) instanceof ObjectNode filter)) {
            throw invalid("params.notifications must be an object naming the notifications to receive");
        }
        for (String flag : FLAGS) {
            JsonNode value = filter.get(flag);
            if (value != null && !value.isBoolean()) {
                throw invalid("params.notifications." + flag + " must be true or false");
            }
        }
        strings(filter, "resourceSubscriptions", Integer.MAX_VALUE);
        JsonNode named = filter.get(TASK_IDS);
        return new ListenFilter(named == null ? List.of() : strings(filter, TASK_IDS, MAX_TASKS), named != null);
    }

    /** The field as a list of distinct non-empty strings; {@code -32602} when it is anything else or too long. */
    private static List<String> strings(ObjectNode filter, String field, int most) {
        JsonNode value = filter.get(field);
        if (value == null) {
            return List.of();
        }
        if (!value.isArray()) {
            throw invalid("params.notifications." + field + " must be an array of strings");
        }
        Set<String> distinct = new LinkedHashSet<>();
        for (JsonNode item : value) {
            if (!item.isTextual() || item.asText().isEmpty()) {
                throw invalid("params.notifications." + field + " must be an array of non-empty strings");
            }
            distinct.add(item.asText());
        }
        if (distinct.size() > most) {
            throw invalid("params.notifications." + field + " names more than " + most + " entries; open "
                    + "another stream for the rest");
        }
        return new ArrayList<>(distinct);
    }

    private static McpError invalid(String message) {
        return new McpError(McpError.INVALID_PARAMS, message, null, 400);
    }
}
