package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.Body;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.Runs;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code subscriptions/listen} (2026-07-28, SEP-2575), answered as an event stream of the notifications the client
 * opted in to. This server honours one kind, the tasks extension's {@code notifications/tasks} for the task ids the
 * filter names: the acknowledgement lists the ones it knows (an unknown or expired id is left out), and
 * {@link ListenStream} sends their changes. Naming task ids without declaring the extension is {@code -32021}; a
 * malformed filter is {@code -32602}, both with 400 and before any stream. Earlier versions have no such method.
 */
final class Listens {

    static final String METHOD = "subscriptions/listen";
    static final String ACKNOWLEDGED = "notifications/subscriptions/acknowledged";
    static final String TASK_NOTIFICATION = "notifications/tasks";
    static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

    private final TaskBook book;
    private final Settlement settlement;
    private final Lifecycle lifecycle;
    private final Runs runs;

    Listens(TaskBook book, Settlement settlement, Lifecycle lifecycle, Runs runs) {
        this.book = book;
        this.settlement = settlement;
        this.lifecycle = lifecycle;
        this.runs = runs;
    }

    /** The stream: checked and acknowledged here, so a bad request or a store that is down is answered in JSON. */
    HttpResponse open(HttpRequest request, McpMessage message, McpScope scope) {
        ListenFilter filter = ListenFilter.of(message.params());
        if (filter.asksForTasks() && !McpTasks.declared(message)) {
            throw McpTasks.missingExtension(METHOD + " names taskIds, which need the tasks extension", scope);
        }
        Map<String, McpTask> watched = new LinkedHashMap<>();
        for (String taskId : filter.taskIds()) {
            book.find(taskId).ifPresent(task -> watched.put(taskId, task));
        }
        ObjectNode acknowledged = Json.object();
        if (!watched.isEmpty()) {
            watched.keySet().forEach(acknowledged.putArray(ListenFilter.TASK_IDS)::add);
        }
        ObjectNode params = Json.object();
        params.putObject(McpMessage.META).set(SUBSCRIPTION_ID, message.id());
        params.set(ListenFilter.NOTIFICATIONS, acknowledged);
        ObjectNode closing = Json.object();
        closing.putObject(McpMessage.META).set(SUBSCRIPTION_ID, message.id());
        ListenStream stream = new ListenStream(message.id(), JsonRpc.notification(ACKNOWLEDGED, params), watched,
                JsonRpc.result(message.id(), settlement.complete(closing, scope)), book, lifecycle, runs,
                runs.deadline(request.deadline()), request.connection());
        return HttpResponse.builder(200)
                .contentType(ServerSentEvents.CONTENT_TYPE)
                .setHeader(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                .setHeader(HttpHeaderNames.X_ACCEL_BUFFERING, "no")
                .body(Body.stream(stream::run))
                .build();
    }
}
