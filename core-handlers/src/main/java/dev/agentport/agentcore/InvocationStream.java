package dev.agentport.agentcore;

import dev.agentport.agent.RunInput;
import dev.agentport.http.Body;
import dev.agentport.http.EventSink;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.RunOutcome;

import java.io.IOException;

/**
 * {@code POST /invocations} answered as Server-Sent Events, each a {@code data:} line of JSON as the platform's SDKs
 * stream: {@code {"delta":"..."}} for each piece of text, then the final {@code {"output":...,"session_id":"..."}}, or
 * {@code {"error":"...","trace_id":"..."}} when the run failed once the stream was open.
 */
final class InvocationStream {

    private InvocationStream() {
    }

    static HttpResponse answer(Run run, RunInput input) {
        return HttpResponse.builder(200)
                .contentType(ServerSentEvents.CONTENT_TYPE)
                .setHeader(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                .setHeader(HttpHeaderNames.X_ACCEL_BUFFERING, "no")
                .setHeader(PlatformHeaders.SESSION_ID, run.sessionId())
                .body(Body.stream(sink -> write(sink, run, input)))
                .build();
    }

    private static void write(EventSink sink, Run run, RunInput input) throws IOException {
        RunOutcome outcome = run.streamTo(sink, frames -> {
            RunOutcome streamed = run.stream(input, new DeltaEvents(frames));
            if (streamed instanceof RunOutcome.Completed completed) {
                frames.emit(ServerSentEvents.data(Json.write(
                        InvocationAnswer.body(run.sessionId(), completed.result()))));
            }
            return streamed;
        });
        if (outcome instanceof RunOutcome.Failed failed) {
            sink.send(ServerSentEvents.data(Json.write(
                    AgentCoreErrors.body(failed.failure().message(), run.traceId()))));
        }
    }
}
