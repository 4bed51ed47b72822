package dev.agentport.daedalus;

import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.runtime.Lifecycle;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * {@code GET /health} in Daedalus form, when {@code AGENT_HEALTH_FORMAT=daedalus}: 200 {@code {"status":"ok"}} when
 * the agent is ready, else 503 with {@code "loading"}, {@code "failed"} or {@code "draining"}. Every value is a string,
 * as the proxy's probe decodes the body into a map of strings.
 */
final class HealthHandler implements Handler {

    private final Lifecycle lifecycle;

    HealthHandler(Lifecycle lifecycle) {
        this.lifecycle = lifecycle;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        Lifecycle.State state = lifecycle.state();
        String status = state == Lifecycle.State.READY ? "ok" : state.name().toLowerCase(Locale.ROOT);
        return HttpResponse.builder(state == Lifecycle.State.READY ? 200 : 503)
                .contentType(DaedalusErrors.JSON)
                .body(("{\"status\":\"" + status + "\"}").getBytes(StandardCharsets.US_ASCII))
                .build();
    }
}
