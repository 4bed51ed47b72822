package dev.agentport.local;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.ReadinessGate;
import dev.agentport.runtime.StoreOutage;

/** The two answers of the contract: {@code {"success":true,"output":{...}}} and {@code {"success":false,"error"}}. */
final class LocalAnswers {

    static final String JSON = "application/json";

    private LocalAnswers() {
    }

    static HttpResponse success(ObjectNode output) {
        ObjectNode body = Json.object();
        body.put("success", true);
        body.set("output", output);
        return HttpResponse.builder(200).contentType(JSON).body(Json.bytes(body)).build();
    }

    static HttpResponse failure(int status, String error) {
        ObjectNode body = Json.object();
        body.put("success", false);
        body.put("error", error);
        return HttpResponse.builder(status).contentType(JSON).body(Json.bytes(body)).build();
    }

    /** 503 with {@code Retry-After}: the state store failed, so the task's turn was not kept. */
    static HttpResponse storeUnavailable(String message) {
        return failure(503, message).withHeader(HttpHeaderNames.RETRY_AFTER, StoreOutage.RETRY_AFTER_SECONDS);
    }

    static HttpResponse notReady(HttpRequest request, Lifecycle.State state, String message) {
        return failure(503, message).withHeader(HttpHeaderNames.RETRY_AFTER, ReadinessGate.RETRY_AFTER_SECONDS);
    }
}
