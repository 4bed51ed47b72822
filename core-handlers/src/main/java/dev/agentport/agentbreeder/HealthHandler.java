package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.Lifecycle;

import java.util.EnumMap;
import java.util.Map;

/**
 * {@code GET /health} in AgentBreeder's form: 200 {@code "healthy"} once the agent has loaded and 200
 * {@code "loading"} before; 503 {@code "failed"} when loading failed and 503 {@code "draining"} once shutdown has
 * begun, so that probes and load balancers stop sending work. Every body is serialised once.
 */
final class HealthHandler implements Handler {

    private final Lifecycle lifecycle;
    private final Map<Lifecycle.State, byte[]> bodies = new EnumMap<>(Lifecycle.State.class);

    HealthHandler(Lifecycle lifecycle, AgentDescriptor descriptor) {
        this.lifecycle = lifecycle;
        bodies.put(Lifecycle.State.READY, body("healthy", descriptor));
        bodies.put(Lifecycle.State.LOADING, body("loading", descriptor));
        bodies.put(Lifecycle.State.FAILED, body("failed", descriptor));
        bodies.put(Lifecycle.State.DRAINING, body("draining", descriptor));
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        Lifecycle.State state = lifecycle.state();
        int status = state == Lifecycle.State.FAILED || state == Lifecycle.State.DRAINING ? 503 : 200;
        return HttpResponse.builder(status)
                .contentType(ErrorEnvelope.JSON)
                .body(bodies.get(state))
                .build();
    }

    private static byte[] body(String status, AgentDescriptor descriptor) {
        ObjectNode body = Json.object();
        body.put("status", status);
        body.put("agent_name", descriptor.name());
        body.put("version", descriptor.version());
        if (descriptor.framework() != null) {
            body.put("framework", descriptor.framework());
        }
        return Json.bytes(body);
    }
}
