package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.Lifecycle;

/**
 * {@code GET /health}: always 200 while the process answers, {@code "healthy"} once the agent has loaded and
 * {@code "loading"} before. Both bodies are serialised once.
 */
final class HealthHandler implements Handler {

    private final Lifecycle lifecycle;
    private final byte[] healthy;
    private final byte[] loading;

    HealthHandler(Lifecycle lifecycle, AgentDescriptor descriptor) {
        this.lifecycle = lifecycle;
        this.healthy = body("healthy", descriptor);
        this.loading = body("loading", descriptor);
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        return HttpResponse.builder(200)
                .contentType(ErrorEnvelope.JSON)
                .body(lifecycle.isReady() ? healthy : loading)
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
