package dev.agentport.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.IncomingMessage;
import dev.agentport.http.Body;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.BodyProblem;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.RunOutcome;
import dev.agentport.runtime.StoreOutage;
import dev.agentport.runtime.Runs;
import dev.agentport.task.TaskStore;

import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code POST /}: a bare A2A {@code SendMessageRequest} in, a {@code Task} out (200 whatever the task's state), or the
 * task's events when the caller accepts {@code text/event-stream}. Only a body that cannot be read as a request is
 * refused: 415 for another media type (a missing {@code Content-Type} included), 413 past the size limit, 400 for
 * anything that is not a JSON object with a {@code message} object; and a message naming a task the task store holds
 * as finished, 409.
 */
final class TaskHandler implements Handler {

    private final Runs runs;
    private final JsonBodyReader bodies;
    private final TaskStream stream;
    private final FinishedTasks finished;

    TaskHandler(Runs runs, TaskStore tasks, int maxBodyBytes) {
        this.runs = runs;
        this.finished = new FinishedTasks(tasks);
        this.bodies = new JsonBodyReader(maxBodyBytes, false, false);
        this.stream = new TaskStream();
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        IncomingMessage message;
        try {
            message = IncomingMessage.read(messageOf(bodies.readObject(request)));
        } catch (BodyProblem problem) {
            return DaedalusErrors.bodyProblem(problem);
        }
        Optional<HttpResponse> refusal = finished.refusal(message);
        if (refusal.isPresent()) {
            return refusal.get();
        }
        TaskRequest task = task(request, message);
        if (wantsEvents(request)) {
            return HttpResponse.builder(200)
                    .contentType(ServerSentEvents.CONTENT_TYPE)
                    .setHeader(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                    .setHeader(HttpHeaderNames.X_ACCEL_BUFFERING, "no")
                    .body(Body.stream(sink -> stream.write(sink, task)))
                    .build();
        }
        A2aTask answer = switch (TaskExecution.run(task, null).orElse(null)) {
            case null -> TaskOutcomes.failed(task, TaskExecution.NO_TEXT);
            case RunOutcome.Completed completed -> TaskOutcomes.finished(task, completed.result());
            case RunOutcome.Failed failed -> {
                if (failed.failure().kind() == AgentFailures.Kind.STORE_UNAVAILABLE) {
                    yield null;
                }
                yield TaskOutcomes.failed(task, failed.failure().message());
            }
        };
        if (answer == null) {
            return DaedalusErrors.storeUnavailable(StoreOutage.MESSAGE);
        }
        return HttpResponse.builder(200).contentType(DaedalusErrors.JSON).body(Json.bytes(answer.toJson())).build();
    }

    private static ObjectNode messageOf(ObjectNode body) {
        JsonNode message = body.get("message");
        if (message == null || !message.isObject()) {
            throw new BodyProblem(BodyProblem.Kind.NOT_AN_OBJECT, message == null
                    ? "request body needs a message object"
                    : "message must be an object, got " + JsonBodyReader.kind(message));
        }
        return (ObjectNode) message;
    }

    private TaskRequest task(HttpRequest request, IncomingMessage message) {
        String taskId = message.taskId() != null ? message.taskId()
                : message.messageId() != null ? message.messageId()
                : "anonymous-" + UUID.randomUUID();
        String contextId = message.contextId() != null ? message.contextId() : UUID.randomUUID().toString();
        Run run = runs.newRun(request).operation("task").session(contextId).metadata(message.metadata())
                .taskId(taskId).contextId(contextId).build();
        return new TaskRequest(message, taskId, contextId, run);
    }

    private static boolean wantsEvents(HttpRequest request) {
        return request.headers().all("Accept").stream()
                .anyMatch(value -> value.toLowerCase(Locale.ROOT).contains(ServerSentEvents.CONTENT_TYPE));
    }
}
