package dev.agentport.a2arest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.ProtoJsonShapes;
import dev.agentport.a2a.SendRequest;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.tasks.MessageSends;
import dev.agentport.a2a.tasks.StoredTaskFollower;
import dev.agentport.a2a.tasks.TaskChannel;
import dev.agentport.a2a.tasks.TaskEvent;
import dev.agentport.a2a.tasks.TaskEventStream;
import dev.agentport.a2a.tasks.TaskListing;
import dev.agentport.a2a.tasks.TaskMessage;
import dev.agentport.a2a.tasks.TaskRunner;
import dev.agentport.a2a.tasks.TaskSubscriptions;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.JsonBodyReader;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskLeases;
import dev.agentport.task.TaskQuery;
import dev.agentport.telemetry.TraceIds;

import java.util.List;

/**
 * The binding's operations on the tasks both A2A 1.0 bindings share: the bodies are JSON-RPC's {@code params} and
 * {@code result}, so a task sent here can be read, continued or canceled over JSON-RPC, and the other way round.
 */
final class RestMethods {

    /** The binding's answer is the task alone: nothing around it. */
    private static final byte[] NOTHING = new byte[0];

    private final JsonBodyReader bodies;
    private final TaskRunner runner;
    private final TaskLeases leases;
    private final MessageSends sends;
    private final TaskSubscriptions subscriptions;

    RestMethods(int maxBodyBytes, TaskRunner runner, TaskLeases leases, StoredTaskFollower follower) {
        this.bodies = new JsonBodyReader(maxBodyBytes, true, true);
        this.runner = runner;
        this.leases = leases;
        this.sends = new MessageSends(runner, leases);
        this.subscriptions = new TaskSubscriptions(runner, leases, follower);
    }

    HttpResponse call(RestPath path, HttpRequest request, List<String> activated) {
        return switch (path.operation()) {
            case SEND -> send(request, activated);
            case STREAM -> TaskEventStream.of(sends.start(sendRequest(request, activated), request,
                    TaskMessage.Follow.EVERY_EVENT), RestFrames.INSTANCE);
            case GET_TASK -> {
                Integer historyLength = QueryParameters.of(request.rawQuery())
                        .integer("historyLength", 0, Integer.MAX_VALUE);
                yield RestResponses.ok(ProtoJsonShapes.task(stored(path.taskId()).task()
                        .withHistoryLength(historyLength)));
            }
            case LIST_TASKS -> RestResponses.ok(listing(QueryParameters.of(request.rawQuery())).answer(leases));
            case CANCEL -> RestResponses.ok(ProtoJsonShapes.task(runner.cancel(path.taskId(),
                    TraceIds.of(request))));
            case SUBSCRIBE -> subscriptions.open(path.taskId(), RestFrames.INSTANCE, request);
            case EXTENDED_CARD -> throw RestError.extendedCardNotConfigured().failure();
            case PUSH_CONFIGS, PUSH_CONFIG -> throw RestError.pushNotSupported().failure();
        };
    }

    private HttpResponse send(HttpRequest request, List<String> activated) {
        SendRequest send = sendRequest(request, activated);
        TaskChannel.Subscription subscription = sends.start(send, request,
                send.returnImmediately() ? TaskMessage.Follow.NONE : TaskMessage.Follow.END);
        if (send.returnImmediately()) {
            // The task as stored when its run started; the run goes on, and GET /tasks/{id} or a subscription follows.
            return RestResponses.ok(ProtoJsonShapes.taskResult(subscription.snapshot()
                    .withHistoryLength(send.historyLength())));
        }
        TaskEvent end;
        try {
            end = subscription.awaitEnd();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw RestError.unavailable("the server is stopping").failure();
        }
        if (end instanceof TaskEvent.Final last) {
            if (send.historyLength() == null) {
                // the task as it was written when it ended, edited into ProtoJSON (as JSON-RPC 1.0 answers it)
                return RestResponses.ok(ProtoJsonShapes.writtenTaskResult(last.written(), NOTHING, NOTHING));
            }
            return RestResponses.ok(ProtoJsonShapes.taskResult(last.task().withHistoryLength(send.historyLength())));
        }
        return RestResponses.storeUnavailable();
    }

    private SendRequest sendRequest(HttpRequest request, List<String> activated) {
        ObjectNode body = bodies.readObject(request);
        return SendRequest.read(body, activated, false);
    }

    private StoredTask stored(String id) {
        return leases.get(id).orElseThrow(() -> RestError.taskNotFound(id).failure());
    }

    private static TaskListing listing(QueryParameters query) {
        TaskState state = TaskListing.state(query.string("status"));
        Integer pageSize = query.integer("pageSize", 1, TaskQuery.MAX_PAGE_SIZE);
        Integer historyLength = query.integer("historyLength", 0, Integer.MAX_VALUE);
        return new TaskListing(query.string("contextId"), state, pageSize, query.string("pageToken"), historyLength,
                query.bool("includeArtifacts"));
    }
}
