package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.IncomingMessage;
import dev.agentport.a2a.tasks.TaskChannel;
import dev.agentport.a2a.tasks.TaskEvent;
import dev.agentport.a2a.tasks.TaskMessage;
import dev.agentport.a2a.tasks.TaskRefusal;
import dev.agentport.a2a.tasks.TaskRunner;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.WireValue;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskLeases;
import dev.agentport.task.TaskPage;
import dev.agentport.task.TaskQuery;
import dev.agentport.task.TaskStore;
import dev.agentport.telemetry.TraceIds;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The binding's methods, each reading its params and answering in the request's version. */
final class TaskMethods {

    private final TaskStore tasks;
    private final TaskLeases leases;
    private final TaskRunner runner;
    private final StoredTaskFollower follower;

    TaskMethods(TaskRunner runner, TaskStore tasks, TaskLeases leases, StoredTaskFollower follower) {
        this.tasks = tasks;
        this.leases = leases;
        this.runner = runner;
        this.follower = follower;
    }

    HttpResponse call(Operation operation, RpcRequest rpc, ProtocolVersion version, HttpRequest request,
                      List<String> activated) {
        return switch (operation) {
            case SEND -> send(rpc, version, request, activated);
            case STREAM -> EventStream.of(start(sendParams(rpc.params(), activated, version), request,
                    TaskMessage.Follow.EVERY_EVENT), version, rpc.id());
            case GET -> {
                Integer historyLength = Params.optionalInt(rpc.params(), "historyLength", 0, Integer.MAX_VALUE);
                yield ok(rpc, WireShapes.task(version, get(rpc.params()).withHistoryLength(historyLength)));
            }
            case LIST -> ok(rpc, list(rpc.params(), version));
            case CANCEL -> ok(rpc, WireShapes.task(version, cancel(Params.requiredString(rpc.params(), "id"),
                    TraceIds.of(request))));
            case SUBSCRIBE -> subscribe(rpc, version, request);
            case EXTENDED_CARD -> throw RpcError.extendedCardNotConfigured().failure();
            case PUSH_CONFIG -> throw RpcError.pushNotSupported().failure();
        };
    }

    private HttpResponse send(RpcRequest rpc, ProtocolVersion version, HttpRequest request, List<String> activated) {
        SendParams send = sendParams(rpc.params(), activated, version);
        TaskChannel.Subscription subscription = start(send, request,
                send.returnImmediately() ? TaskMessage.Follow.NONE : TaskMessage.Follow.END);
        if (send.returnImmediately()) {
            // The task as stored when its run started; the run goes on, and GetTask or a subscription follows it.
            return ok(rpc, WireShapes.taskResult(version, subscription.snapshot()
                    .withHistoryLength(send.historyLength())));
        }
        TaskEvent end;
        try {
            end = subscription.awaitEnd();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw RpcError.internal("the server is stopping").failure();
        }
        if (end instanceof TaskEvent.Final last) {
            return ok(rpc, WireShapes.taskResult(version, last.task().withHistoryLength(send.historyLength())));
        }
        return RpcResponses.storeUnavailable(rpc.id(), version);
    }

    /**
     * A message without a task id starts a new task (its id generated); one naming a task continues it, which only a
     * task of the same context waiting for input takes.
     */
    private TaskChannel.Subscription start(SendParams send, HttpRequest request, TaskMessage.Follow follow) {
        IncomingMessage message = send.message();
        TaskMessage task = new TaskMessage(message, null, send.extensions(), true, follow);
        try {
            if (message.taskId() == null) {
                return runner.startNew(task, 0, request);
            }
            StoredTask stored = leases.get(message.taskId())
                    .orElseThrow(() -> RpcError.taskNotFound(message.taskId()).failure());
            A2aTask named = stored.task();
            if (named.status().state() == TaskState.INPUT_REQUIRED && message.contextId() != null
                    && !message.contextId().equals(named.contextId())) {
                throw RpcError.invalidParams("message.contextId is not the task's contextId").failure();
            }
            return runner.continuePaused(stored, task, request);
        } catch (TaskRefusal refusal) {
            throw refused(refusal);
        }
    }

    private static RpcError.Failure refused(TaskRefusal refusal) {
        RpcError error = switch (refusal.reason()) {
            case UNKNOWN_TASK -> RpcError.taskNotFound(refusal.taskId());
            case NOT_AWAITING_INPUT, TAKEN_MEANWHILE -> RpcError.unsupportedOperation(refusal.getMessage());
            case NO_ANSWER -> RpcError.invalidParams(refusal.getMessage());
            case NOT_CANCELABLE -> RpcError.taskNotCancelable(refusal.taskId(), refusal.state().wireName());
        };
        return error.failure();
    }

    private SendParams sendParams(ObjectNode params, List<String> activated, ProtocolVersion version) {
        ObjectNode message = Params.requiredObject(params, "message");
        Params.requiredString(message, "messageId");
        Params.requiredString(message, "role");
        JsonNode parts = message.get("parts");
        if (parts == null || !parts.isArray()) {
            throw RpcError.invalidParams("message.parts must be an array").failure();
        }
        ObjectNode configuration = Params.optionalObject(params, "configuration");
        Integer historyLength = configuration == null ? null
                : Params.optionalInt(configuration, "historyLength", 0, Integer.MAX_VALUE);
        boolean returnImmediately = configuration != null && (version == ProtocolVersion.V1_0
                ? Boolean.TRUE.equals(Params.optionalBoolean(configuration, "returnImmediately"))
                : Boolean.FALSE.equals(Params.optionalBoolean(configuration, "blocking")));
        ObjectNode metadata = Params.optionalObject(params, "metadata");
        Map<String, JsonNode> extensions = new HashMap<>();
        if (activated.contains(AionDaemon.URI) && metadata != null && metadata.has(AionDaemon.URI)) {
            JsonNode payload = metadata.get(AionDaemon.URI);
            AionDaemon.validate(payload);
            extensions.put(AionDaemon.URI, payload);
        }
        return new SendParams(IncomingMessage.read(message), historyLength, extensions, returnImmediately);
    }

    private A2aTask get(ObjectNode params) {
        String id = Params.requiredString(params, "id");
        return leases.get(id).map(StoredTask::task).orElseThrow(() -> RpcError.taskNotFound(id).failure());
    }

    private WireValue list(ObjectNode params, ProtocolVersion version) {
        String status = Params.optionalString(params, "status");
        TaskState state = null;
        if (status != null && !status.isEmpty() && !status.equals("TASK_STATE_UNSPECIFIED")) {
            state = List.of(TaskState.values()).stream().filter(s -> s.protoName().equals(status))
                    .findFirst().orElseThrow(() -> RpcError.invalidParams("status must be a TASK_STATE_* value")
                            .failure());
        }
        Integer pageSize = Params.optionalInt(params, "pageSize", 1, TaskQuery.MAX_PAGE_SIZE);
        Integer historyLength = Params.optionalInt(params, "historyLength", 0, Integer.MAX_VALUE);
        JsonNode includeArtifacts = params.get("includeArtifacts");
        if (includeArtifacts != null && !includeArtifacts.isNull() && !includeArtifacts.isBoolean()) {
            throw RpcError.invalidParams("includeArtifacts must be a boolean").failure();
        }
        TaskPage page;
        try {
            page = leases.list(new TaskQuery(Params.optionalString(params, "contextId"), state,
                    pageSize == null ? TaskQuery.DEFAULT_PAGE_SIZE : pageSize,
                    Params.optionalString(params, "pageToken")));
        } catch (IllegalArgumentException e) {
            throw RpcError.invalidParams(e.getMessage()).failure();
        }
        boolean artifacts = includeArtifacts != null && includeArtifacts.asBoolean();
        List<WireValue> shown = page.tasks().stream().map(task -> {
            A2aTask trimmed = task.withHistoryLength(historyLength);
            if (!artifacts) {
                trimmed = new A2aTask(trimmed.id(), trimmed.contextId(), trimmed.status(), List.of(),
                        trimmed.metadata(), trimmed.history());
            }
            return WireShapes.task(version, trimmed);
        }).toList();
        int size = pageSize == null ? TaskQuery.DEFAULT_PAGE_SIZE : pageSize;
        return out -> {
            out.writeStartObject();
            out.writeArrayFieldStart("tasks");
            for (WireValue task : shown) {
                task.write(out);
            }
            out.writeEndArray();
            out.writeStringField("nextPageToken", page.nextPageToken());
            out.writeNumberField("pageSize", size);
            out.writeNumberField("totalSize", page.totalSize());
            out.writeEndObject();
        };
    }

    /** Marks the task canceled and stops its run, wherever it runs: {@link TaskRunner#cancel}. */
    private A2aTask cancel(String id, String traceId) {
        try {
            return runner.cancel(id, traceId);
        } catch (TaskRefusal refusal) {
            throw refused(refusal);
        }
    }

    /**
     * The remaining events of a task running here; a task running elsewhere is followed through the task store, and a
     * task waiting for input is streamed as stored. A terminal task has no events left: {@code UnsupportedOperation}.
     */
    private HttpResponse subscribe(RpcRequest rpc, ProtocolVersion version, HttpRequest request) {
        String id = Params.requiredString(rpc.params(), "id");
        TaskChannel.Subscription subscription = runner.hub().find(id).map(TaskChannel::subscribe).orElse(null);
        if (subscription != null) {
            return EventStream.of(subscription, version, rpc.id());
        }
        StoredTask stored = leases.get(id).orElseThrow(() -> RpcError.taskNotFound(id).failure());
        TaskState state = stored.task().status().state();
        if (state.isTerminal()) {
            throw RpcError.unsupportedOperation("Task " + id + " is " + state.wireName()
                    + "; a terminal task has no events to subscribe to").failure();
        }
        return follower.follow(stored, version, rpc.id(), request);
    }

    private static HttpResponse ok(RpcRequest rpc, WireValue result) {
        return RpcResponses.ok(RpcResponses.result(rpc.id(), result));
    }
}
