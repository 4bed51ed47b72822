package dev.agentport.runtime;

import dev.agentport.http.Filter;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;

/**
 * Wraps the routes that run the agent: passes requests on only while the agent is READY; otherwise the face answers
 * 503 with {@code Retry-After} in its own shape, with the state's message.
 */
public final class ReadinessGate implements Filter {

    /** Seconds a 503 tells the caller to wait before trying again. */
    public static final String RETRY_AFTER_SECONDS = "5";

    /** How a face answers while the agent cannot take runs. */
    @FunctionalInterface
    public interface Refusal {
        HttpResponse refuse(HttpRequest request, Lifecycle.State state, String message);
    }

    private final Lifecycle lifecycle;
    private final Refusal refusal;

    public ReadinessGate(Lifecycle lifecycle, Refusal refusal) {
        this.lifecycle = lifecycle;
        this.refusal = refusal;
    }

    @Override
    public HttpResponse filter(HttpRequest request, Handler next) {
        Lifecycle.State state = lifecycle.state();
        return state == Lifecycle.State.READY ? next.handle(request) : refusal.refuse(request, state, message(state));
    }

    /** Why runs are refused in {@code state}. */
    public static String message(Lifecycle.State state) {
        return switch (state) {
            case LOADING -> "Agent not loaded yet";
            case FAILED -> "Agent failed to load; the server log has the details";
            case DRAINING -> "The server is shutting down; try another instance";
            case READY -> "Agent ready";
        };
    }
}
