package dev.agentport.agentbreeder;

import dev.agentport.http.Filter;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.runtime.Lifecycle;

/** Wraps the protected endpoints: 503 {@code AGENT_NOT_LOADED} with {@code Retry-After} until the agent has loaded. */
final class ReadinessGate implements Filter {

    private final Lifecycle lifecycle;

    ReadinessGate(Lifecycle lifecycle) {
        this.lifecycle = lifecycle;
    }

    @Override
    public HttpResponse filter(HttpRequest request, Handler next) {
        return switch (lifecycle.state()) {
            case READY -> next.handle(request);
            case LOADING -> ErrorEnvelope.of(request, ErrorCode.AGENT_NOT_LOADED, "Agent not loaded yet");
            case FAILED -> ErrorEnvelope.of(request, ErrorCode.AGENT_NOT_LOADED,
                    "Agent failed to load; the server log has the details");
        };
    }
}
