package dev.agentport.agentbreeder;

import dev.agentport.runtime.AgentFailures;
import dev.agentport.telemetry.TraceIds;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.http.Body;
import dev.agentport.http.EventSink;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.FramePump;
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
        InvokeBody body = InvokeBody.from(bodies.readObject(request));
        String traceId = TraceIds.of(request);
        RunContext context = runs.context(InvokeHandler.runRequest(request, body, traceId));
        RunInput input = new RunInput(body.input());
        return HttpResponse.builder(200)
                .contentType(ServerSentEvents.CONTENT_TYPE)
                .setHeader(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                .setHeader(HttpHeaderNames.X_ACCEL_BUFFERING, "no")
                .setHeader(HttpHeaderNames.X_SESSION_ID, context.sessionId())
                .body(Body.stream(sink -> write(sink, input, context, traceId)))
                .build();
    }

    private void write(EventSink sink, RunInput input, RunContext context, String traceId) throws IOException {
        FramePump.Outcome outcome;
        try (var running = runs.registry().register(context.runId(), context.cancellation())) {
            outcome = FramePump.run(sink, context.cancellation(), context.deadline(), frames -> {
                RunResult result = runs.stream(input, context, new SseRunEmitter(frames));
                frames.emit(ServerSentEvents.event("result",
                        Json.write(InvokeResponses.body(context.sessionId(), result))));
            });
        }
        switch (outcome) {
            case FramePump.Outcome.Completed completed -> { }
            case FramePump.Outcome.Failed failed -> sink.send(errorEvent(
                    AgentFailures.describe(failed.error(), traceId, "stream").message()));
            case FramePump.Outcome.TimedOut timedOut -> sink.send(errorEvent(
                    AgentFailures.timedOut(traceId, "stream").message()));
            case FramePump.Outcome.Cancelled cancelled -> sink.send(errorEvent(
                    AgentFailures.cancelled(cancelled.reason(), traceId, "stream").message()));
        }
        sink.send(ServerSentEvents.done());
    }

    private static byte[] errorEvent(String message) {
        ObjectNode data = Json.object();
        data.put("error", message);
        return ServerSentEvents.event("error", Json.write(data));
    }
}
