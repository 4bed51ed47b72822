package dev.agentport.daedalus;

import dev.agentport.a2a.IncomingMessage;
import dev.agentport.a2a.tasks.TaskChannel;
import dev.agentport.a2a.tasks.TaskEvent;
import dev.agentport.a2a.tasks.TaskRunner;
import dev.agentport.http.Body;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.BodyProblem;
import dev.agentport.json.JsonBodyReader;
import dev.agentport.runtime.StoreOutage;
import dev.agentport.task.TaskLeases;

import java.util.Locale;

/**
 * {@code POST /}: a bare A2A {@code SendMessageRequest} in, a {@code Task} out (200 whatever the task's state), or the
 * task's events when the caller accepts {@code text/event-stream}. The task runs through the task lifecycle the A2A
 * JSON-RPC face shares, so it is kept in the task store (readable and cancelable there); this face renders it in its own
 * shapes. Only a body that cannot be read as a request is refused: 415 for another media type (a missing
 * {@code Content-Type} included), 413 past the size limit, 400 for anything that is not a JSON object with a
 * {@code message} object; and a message the task's state does not take, 409 ({@link TaskStarts}).
 */
final class TaskHandler implements Handler {

    private final JsonBodyReader bodies;
    private final TaskStarts starts;

    TaskHandler(TaskRunner runner, TaskLeases tasks, int maxBodyBytes) {
        this.starts = new TaskStarts(runner, tasks);
        this.bodies = new JsonBodyReader(maxBodyBytes, false, false);
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        IncomingMessage message;
        try {
            message = bodies.read(request, MessageBody::read);
        } catch (BodyProblem problem) {
            return DaedalusErrors.bodyProblem(problem);
        }
        boolean events = wantsEvents(request);
        TaskStarts.Start start = starts.start(message, request, !events);
        if (start.refusal() != null) {
            return start.refusal();
        }
        TaskChannel.Subscription subscription = start.subscription();
        if (events) {
            return HttpResponse.builder(200)
                    .contentType(ServerSentEvents.CONTENT_TYPE)
                    .setHeader(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                    .setHeader(HttpHeaderNames.X_ACCEL_BUFFERING, "no")
                    .body(Body.stream(sink -> TaskStream.write(sink, subscription)))
                    .build();
        }
        TaskEvent end;
        try {
            end = subscription.awaitEnd();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return DaedalusErrors.error(503, "the server is stopping");
        }
        if (!(end instanceof TaskEvent.Final last)) {
            return DaedalusErrors.storeUnavailable(StoreOutage.MESSAGE);
        }
        // Daedalus tasks carry no history: the caller sent the message, and the question is the status message.
        return HttpResponse.builder(200).contentType(DaedalusErrors.JSON).body(last.written().withoutHistory())
                .build();
    }

    private static boolean wantsEvents(HttpRequest request) {
        for (String value : request.headers().all("Accept")) { // most requests have one value, or none
            if (value.toLowerCase(Locale.ROOT).contains(ServerSentEvents.CONTENT_TYPE)) {
                return true;
            }
        }
        return false;
    }
}
