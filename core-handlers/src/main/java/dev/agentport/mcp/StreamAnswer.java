package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.CancelCause;
import dev.agentport.http.Body;
import dev.agentport.http.EventSink;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.RunOutcome;
import dev.agentport.runtime.Runs;
import dev.agentport.session.McpReplies;
import dev.agentport.store.StoreUnavailableException;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A tool call answered as an event stream: its notifications and (up to 2025-11-25) its questions to the client,
 * then its result or error. The call is a run of the engine, so it ends at the run's deadline (with the tool's
 * timeout result) and at the end of shutdown's grace (with a JSON-RPC error), like every other face's runs. A call the
 * client cancels, or leaves, sends no result.
 */
final class StreamAnswer {

    private final Settlement settlement;
    private final InFlight inFlight;
    private final McpReplies replies;
    private final Runs runs;

    StreamAnswer(Settlement settlement, InFlight inFlight, McpReplies replies, Runs runs) {
        this.settlement = settlement;
        this.inFlight = inFlight;
        this.replies = replies;
        this.runs = runs;
    }

    HttpResponse answer(HttpRequest request, McpMessage message, McpScope scope, ToolCall toolCall,
                        ClientCapabilities capabilities, InputRounds rounds) {
        Run run = runs.newRun(request).operation("tools/call " + toolCall.tool().name()).build();
        return HttpResponse.builder(200)
                .contentType(ServerSentEvents.CONTENT_TYPE)
                .setHeader("Cache-Control", "no-cache")
                .setHeader("X-Accel-Buffering", "no")
                .body(Body.stream(sink -> write(sink, run, request, message, scope, toolCall, capabilities,
                        rounds)))
                .build();
    }

    private void write(EventSink sink, Run run, HttpRequest request, McpMessage message, McpScope scope,
                       ToolCall toolCall, ClientCapabilities capabilities, InputRounds rounds) throws IOException {
        AtomicReference<ObjectNode> answer = new AtomicReference<>();
        RunOutcome pumped;
        try (InFlight.Entry entry = inFlight.register(request, message.id(), run.cancellation())) {
            pumped = run.streamTo(sink, frames -> {
                Consumer<ObjectNode> out = sent -> frames.emit(frame(sent));
                Asker asker = rounds != null ? rounds
                        : new StreamAsker(replies, out, run.deadline(), run.cancellation());
                McpCall call = new McpCall(request, scope, message.progressToken(),
                        LogFilter.around(out, message, scope), run, run.cancellation(), capabilities, asker);
                ObjectNode result = result(message, scope, rounds, () -> toolCall.run(call), request);
                if (!run.cancellation().isCancelled()) {
                    answer.set(result);
                }
                return null;
            });
        }
        // The tool's answer is written here, after its notifications, only when its body ended within the run: a
        // deadline or a cancel that came first (a Failed outcome) has the last word instead, so one of them goes out.
        ObjectNode last = answer.get() != null && !(pumped instanceof RunOutcome.Failed) ? answer.get()
                : lastWord(run, message, scope);
        if (last != null) {
            sink.send(frame(last));
        }
    }

    private ObjectNode result(McpMessage message, McpScope scope, InputRounds rounds,
                              java.util.function.Supplier<ObjectNode> tool, HttpRequest request) {
        try {
            return JsonRpc.result(message.id(), settlement.settle(message, scope, rounds, tool));
        } catch (McpError e) {
            return JsonRpc.error(message.id(), e);
        } catch (StoreUnavailableException e) {
            return JsonRpc.error(message.id(), StoreOutages.error(e, request));
        }
    }

    /**
     * The answer to a call that ended without one: at the deadline the tool's timeout result; at shutdown a JSON-RPC
     * error; after the client cancelled or left, nothing; a tool that broke the stream, an internal error.
     */
    private ObjectNode lastWord(Run run, McpMessage message, McpScope scope) {
        CancelCause cause = run.cancellation().cause();
        if (cause == null) {
            return JsonRpc.error(message.id(), new McpError(McpError.INTERNAL_ERROR,
                    "the tool failed unexpectedly; the server log has the details under trace_id " + run.traceId()));
        }
        return switch (cause) {
            case DEADLINE -> JsonRpc.result(message.id(), settlement.settle(message, scope, null,
                    () -> ToolResults.error(AgentFailures.DEADLINE_MESSAGE)));
            case SHUTDOWN -> JsonRpc.error(message.id(), new McpError(McpError.INTERNAL_ERROR,
                    "the server is shutting down; the call was stopped, retry it"));
            case CLIENT_CANCELLED, CLIENT_LEFT -> null;
        };
    }

    private static byte[] frame(ObjectNode message) {
        return ServerSentEvents.event("message", Json.write(message));
    }
}
