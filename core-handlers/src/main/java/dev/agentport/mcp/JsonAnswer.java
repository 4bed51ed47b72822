package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.CancelCause;
import dev.agentport.agent.Cancellation;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.Runs;

/**
 * A request answered with one JSON body. Its notifications are dropped, and it can ask the client only through a
 * 2026-07-28 {@code input_required} result. A request the client cancels while it runs gets no response. Only a
 * {@code tools/call} is a run of the engine (its tool runs the agent within it); any other request is not.
 */
final class JsonAnswer {

    private final McpMethods methods;
    private final Settlement settlement;
    private final InFlight inFlight;
    private final Runs runs;

    JsonAnswer(McpMethods methods, Settlement settlement, InFlight inFlight, Runs runs) {
        this.methods = methods;
        this.settlement = settlement;
        this.inFlight = inFlight;
        this.runs = runs;
    }

    HttpResponse answer(HttpRequest request, McpMessage message, McpScope scope, ClientCapabilities capabilities,
                        InputRounds rounds) {
        boolean toolCall = message.method().equals("tools/call");
        Run run = toolCall ? runs.newRun(request).operation(message.method()).build() : null;
        Cancellation cancellation = toolCall ? run.cancellation() : cancellation(request);
        Asker asker = rounds != null ? rounds : Asker.refusing(() -> message.method() + " cannot ask the client: "
                + (scope.perRequest() ? "only tools/call, prompts/get and resources/read can"
                : "its answer is not an event stream (a tool that asks must stream)"));
        McpCall call = new McpCall(request, scope, null, dropped -> {
        }, run, cancellation, capabilities, asker);
        ObjectNode result;
        try (InFlight.Entry entry = inFlight.register(request, message.id(), cancellation)) {
            result = settlement.settle(message, scope, rounds, () -> methods.result(message, scope, call));
        } catch (McpError e) {
            if (cancellation.cause() == CancelCause.CLIENT_CANCELLED) {
                return McpResponses.cancelled();
            }
            throw e;
        }
        // Only the client's own cancel goes unanswered; a run stopped at its deadline answers its timeout result.
        return cancellation.cause() == CancelCause.CLIENT_CANCELLED ? McpResponses.cancelled()
                : McpResponses.result(message.id(), result);
    }

    /**
     * The cancellation of a request that is no run, as a run's would be: at the run timeout, and when the client
     * leaves (an extension's method may work a while). The client's cancel comes through {@link InFlight}.
     */
    private Cancellation cancellation(HttpRequest request) {
        Cancellation cancellation = new Cancellation(runs.deadline(request.deadline()));
        request.connection().onClose(() -> cancellation.cancel(CancelCause.CLIENT_LEFT));
        return cancellation;
    }
}
