package dev.agentport.jsonrpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aParams;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.Fields;
import dev.agentport.a2a.InvalidField;
import dev.agentport.a2a.ProtoJsonShapes;
import dev.agentport.a2a.SendRequest;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.WireValue;
import dev.agentport.a2a.tasks.MessageSends;
import dev.agentport.a2a.tasks.StoredTaskFollower;
import dev.agentport.a2a.tasks.TaskChannel;
import dev.agentport.a2a.tasks.TaskEvent;
import dev.agentport.a2a.tasks.TaskEventStream;
import dev.agentport.a2a.tasks.TaskListing;
import dev.agentport.a2a.tasks.TaskMessage;
import dev.agentport.a2a.tasks.TaskRefusal;
import dev.agentport.a2a.tasks.TaskRunner;
import dev.agentport.a2a.tasks.TaskSubscriptions;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskLeases;
import dev.agentport.task.TaskQuery;
import dev.agentport.telemetry.TraceIds;

import java.util.List;

/** The binding's methods, each reading its params and answering in the request's version. */
final class TaskMethods {

    private final TaskLeases leases;
    private final TaskRunner runner;
    private final MessageSends sends;
    private final TaskSubscriptions subscriptions;

    TaskMethods(TaskRunner runner, TaskLeases leases, StoredTaskFollower follower) {
        this.leases = leases;
        this.runner = runner;
        this.sends = new MessageSends(runner, leases);
        this.subscriptions = new TaskSubscriptions(runner, leases, follower);
    }

    HttpResponse call(Operation operation, RpcRequest rpc, ProtocolVersion version, HttpRequest request,
                      List<String> activated) {
        ObjectNode params = rpc.params().members();
        return switch (operation) {
            case SEND -> send(rpc, version, request, activated);
            case STREAM -> TaskEventStream.of(start(sendParams(rpc.params(), activated, version), request,
                    TaskMessage.Follow.EVERY_EVENT), new RpcFrames(version, rpc.id()));
            case GET -> {
                Integer historyLength = Fields.optionalInt(params, "historyLength", 0, Integer.MAX_VALUE);
                yield ok(rpc, WireShapes.task(version, get(params).withHistoryLength(historyLength)));
            }
            case LIST -> ok(rpc, list(params));
            case CANCEL -> ok(rpc, WireShapes.task(version, cancel(Fields.requiredString(params, "id"),
                    TraceIds.of(request))));
            case SUBSCRIBE -> subscribe(rpc, version, request);
            case EXTENDED_CARD -> throw RpcError.extendedCardNotConfigured().failure();
            case PUSH_CONFIG -> throw RpcError.pushNotSupported().failure();
        };
    }

    private HttpResponse send(RpcRequest rpc, ProtocolVersion version, HttpRequest request, List<String> activated) {
        SendRequest send = sendParams(rpc.params(), activated, version);
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
            if (send.historyLength() == null) {
                // the task as it was written when it ended: 0.3's form, or 1.0's edited from it
                return RpcResponses.ok(version == ProtocolVersion.V0_3
                        ? RpcResponses.result(rpc.id(), last.written().bytes())
                        : ProtoJsonShapes.writtenTaskResult(last.written(), RpcResponses.resultHead(rpc.id()),
                                RpcResponses.RESULT_END));
            }
            return ok(rpc, WireShapes.taskResult(version, last.task().withHistoryLength(send.historyLength())));
        }
        return RpcResponses.storeUnavailable(rpc.id(), version);
    }

    /** Starts or continues the message's task: {@link MessageSends#start}. */
    private TaskChannel.Subscription start(SendRequest send, HttpRequest request, TaskMessage.Follow follow) {
        try {
            return sends.start(send, request, follow);
        } catch (TaskRefusal refusal) {
            throw refused(refusal);
        }
    }

    private static RpcError.Failure refused(TaskRefusal refusal) {
        RpcError error = switch (refusal.reason()) {
            case UNKNOWN_TASK -> RpcError.taskNotFound(refusal.taskId());
            case NOT_AWAITING_INPUT, TAKEN_MEANWHILE, NO_EVENTS_LEFT ->
                    RpcError.unsupportedOperation(refusal.getMessage());
            case NO_ANSWER -> RpcError.invalidParams(refusal.getMessage());
            case NOT_CANCELABLE -> RpcError.taskNotCancelable(refusal.taskId(), refusal.state().wireName());
        };
        return error.failure();
    }

    private static SendRequest sendParams(A2aParams params, List<String> activated, ProtocolVersion version) {
        return SendRequest.read(params, activated, version == ProtocolVersion.V0_3);
    }

    private A2aTask get(ObjectNode params) {
        String id = Fields.requiredString(params, "id");
        return leases.get(id).map(StoredTask::task).orElseThrow(() -> RpcError.taskNotFound(id).failure());
    }

    private WireValue list(ObjectNode params) {
        TaskState state = TaskListing.state(Fields.optionalString(params, "status"));
        Integer pageSize = Fields.optionalInt(params, "pageSize", 1, TaskQuery.MAX_PAGE_SIZE);
        Integer historyLength = Fields.optionalInt(params, "historyLength", 0, Integer.MAX_VALUE);
        JsonNode includeArtifacts = params.get("includeArtifacts");
        if (includeArtifacts != null && !includeArtifacts.isNull() && !includeArtifacts.isBoolean()) {
            throw new InvalidField("includeArtifacts must be a boolean");
        }
        return new TaskListing(Fields.optionalString(params, "contextId"), state, pageSize,
                Fields.optionalString(params, "pageToken"), historyLength,
                includeArtifacts != null && includeArtifacts.asBoolean()).answer(leases);
    }

    /** Marks the task canceled and stops its run, wherever it runs: {@link TaskRunner#cancel}. */
    private A2aTask cancel(String id, String traceId) {
        try {
            return runner.cancel(id, traceId);
        } catch (TaskRefusal refusal) {
            throw refused(refusal);
        }
    }

    /** {@link TaskSubscriptions#open}; a terminal task has no events left: {@code UnsupportedOperation}. */
    private HttpResponse subscribe(RpcRequest rpc, ProtocolVersion version, HttpRequest request) {
        String id = Fields.requiredString(rpc.params().members(), "id");
        try {
            return subscriptions.open(id, new RpcFrames(version, rpc.id()), request);
        } catch (TaskRefusal refusal) {
            throw refused(refusal);
        }
    }

    private static HttpResponse ok(RpcRequest rpc, WireValue result) {
        return RpcResponses.ok(RpcResponses.result(rpc.id(), result));
    }
}
