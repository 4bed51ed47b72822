package dev.agentport.agentcore;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.ReadinessGate;
import dev.agentport.runtime.Runs;

/**
 * {@code GET /ping}: {@code {"status":"Healthy"|"HealthyBusy","time_of_last_update":<Unix seconds>}}. Busy while the
 * run engine has any run in progress on this instance (a call, a stream, an A2A or MCP task of any face), as its
 * registry counts them. While the agent is loading or failed, or the server is draining, 503 with
 * {@code "Unhealthy"}, so that the platform sends no work here.
 */
final class PingHandler implements Handler {

    private final Runs runs;
    private final Lifecycle lifecycle;
    private final PingStatus status;

    PingHandler(Runs runs, Lifecycle lifecycle, PingStatus status) {
        this.runs = runs;
        this.lifecycle = lifecycle;
        this.status = status;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        boolean ready = lifecycle.isReady();
        String now = !ready ? PingStatus.UNHEALTHY : runs.running() > 0 ? PingStatus.BUSY : PingStatus.HEALTHY;
        ObjectNode body = Json.object();
        body.put("status", now);
        body.put("time_of_last_update", status.observe(now));
        HttpResponse answer = HttpResponse.builder(ready ? 200 : 503).contentType(AgentCoreErrors.JSON)
                .setHeader(HttpHeaderNames.CACHE_CONTROL, "no-store").body(Json.bytes(body)).build();
        return ready ? answer : answer.withHeader(HttpHeaderNames.RETRY_AFTER, ReadinessGate.RETRY_AFTER_SECONDS);
    }
}
