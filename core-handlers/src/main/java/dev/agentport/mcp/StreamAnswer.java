package dev.agentport.mcp;

import dev.agentport.session.McpReplies;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Cancellation;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.FramePump;
import dev.agentport.store.StoreUnavailableException;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * A tool call answered as an event stream: its notifications and (up to 2025-11-25) its questions to the client,
 * then its result or error. A call the client cancels, or leaves, sends no result.
 */
final class StreamAnswer {

    private final Settlement settlement;
    private final InFlight inFlight;
    private final McpReplies replies;
    private final Duration runTimeout;

    StreamAnswer(Settlement settlement, InFlight inFlight, McpReplies replies, Duration runTimeout) {
        this.settlement = settlement;
        this.inFlight = inFlight;
        this.replies = replies;
        this.runTimeout = runTimeout;
    }

    HttpResponse answer(HttpRequest request, McpMessage message, McpScope scope, ToolCall toolCall,
                        ClientCapabilities capabilities, InputRounds rounds) {
        JsonNode token = message.progressToken();
        Instant deadline = deadline(request);
        return HttpResponse.builder(200)
                .contentType(ServerSentEvents.CONTENT_TYPE)
                .setHeader("Cache-Control", "no-cache")
                .setHeader("X-Accel-Buffering", "no")
                .body(Body.stream(sink -> {
                    // The call's cancellation is the tool's to follow (a cancelled run ends, then no result is
                    // sent); the stream's also ends the writing when the client goes away, after the call's.
                    Cancellation cancelled = new Cancellation(null);
                    Cancellation stream = new Cancellation(null);
                    stream.onCancel(() -> cancelled.cancel(stream.reason()));
                    request.connection().onClose(() -> stream.cancel("the client went away"));
                    try (InFlight.Entry entry = inFlight.register(request, message.id(), cancelled)) {
                        FramePump.run(sink, stream, null, emit -> {
                            Consumer<ObjectNode> out = sent -> emit.emit(frame(sent));
                            Asker asker = rounds != null ? rounds
                                    : new StreamAsker(replies, out, deadline, cancelled);
                            McpCall call = new McpCall(request, scope, token, LogFilter.around(out, message, scope),
                                    cancelled, capabilities, asker);
                            ObjectNode answer;
                            try {
                                answer = JsonRpc.result(message.id(),
                                        settlement.settle(message, scope, rounds, () -> toolCall.run(call)));
                            } catch (McpError e) {
                                answer = JsonRpc.error(message.id(), e);
                            } catch (StoreUnavailableException e) {
                                answer = JsonRpc.error(message.id(), StoreOutages.error(e, request));
                            }
                            if (!cancelled.isCancelled()) {
                                emit.emit(frame(answer));
                            }
                        });
                    }
                }))
                .build();
    }

    /** When a call must end: the run timeout from now, or the platform's deadline when it comes first. */
    private Instant deadline(HttpRequest request) {
        Instant deadline = runTimeout == null ? null : Instant.now().plus(runTimeout);
        if (request.deadline() != null && (deadline == null || request.deadline().isBefore(deadline))) {
            deadline = request.deadline();
        }
        return deadline;
    }

    private static byte[] frame(ObjectNode message) {
        return ServerSentEvents.event("message", Json.write(message));
    }
}
