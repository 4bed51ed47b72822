package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.RunInput;
import dev.agentport.http.Body;
import dev.agentport.http.EventSink;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.RunOutcome;
import dev.agentport.runtime.Runs;

import java.io.IOException;

/**
 * {@code POST /stream}: a run as Server-Sent Events. Deltas are unnamed {@code data: {"delta":...}} events; steps,
 * tool calls, the final {@code result} and a failure's {@code error} are named events; every stream, failed ones
 * included, ends with {@code data: [DONE]}. Failures before the stream opens are ordinary JSON errors.
 */
final class StreamHandler implements Handler {

    private final Runs runs;
    private final JsonBodies bodies;

    StreamHandler(Runs runs, JsonBodies bodies) {
        this.runs = runs;
        this.bodies = bodies;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        InvokeBody body = bodies.read(request, InvokeBody::read);
        Run run = InvokeHandler.run(runs, request, body, "stream");
        RunInput input = new RunInput(body.input());
        return HttpResponse.builder(200)
                .contentType(ServerSentEvents.CONTENT_TYPE)
                .setHeader(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                .setHeader(HttpHeaderNames.X_ACCEL_BUFFERING, "no")
                .setHeader(HttpHeaderNames.X_SESSION_ID, run.sessionId())
                .body(Body.stream(sink -> write(sink, input, run)))
                .build();
    }

    private static void write(EventSink sink, RunInput input, Run run) throws IOException {
        RunOutcome outcome = run.streamTo(sink, frames -> {
            RunOutcome streamed = run.stream(input, new SseRunEmitter(frames));
            if (streamed instanceof RunOutcome.Completed completed) {
                frames.emit(ServerSentEvents.event("result",
                        Json.write(InvokeResponses.body(run.sessionId(), completed.result()))));
            }
            return streamed;
        });
        if (outcome instanceof RunOutcome.Failed failed) {
            sink.send(errorEvent(failed.failure().message()));
        }
        sink.send(ServerSentEvents.done());
    }

    private static byte[] errorEvent(String message) {
        ObjectNode data = Json.object();
        data.put("error", message);
        return ServerSentEvents.event("error", Json.write(data));
    }
}
