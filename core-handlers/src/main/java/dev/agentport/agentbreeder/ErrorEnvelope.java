package dev.agentport.agentbreeder;

import dev.agentport.auth.BearerAuth;
import dev.agentport.runtime.ReadinessGate;
import dev.agentport.runtime.StoreOutage;
import dev.agentport.telemetry.TraceIds;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;

/**
 * The one place that builds error responses:
 * {@code {"error":{"code":"...","message":"...","details":...},"trace_id":"..."}}.
 */
public final class ErrorEnvelope {

    static final String JSON = "application/json";

    private ErrorEnvelope() {
    }

    public static HttpResponse of(HttpRequest request, ContractError error) {
        return of(request, error.code(), error.getMessage(), error.details());
    }

    public static HttpResponse of(HttpRequest request, ErrorCode code, String message) {
        return of(request, code, message, null);
    }

    public static HttpResponse of(HttpRequest request, ErrorCode code, String message, JsonNode details) {
        return of(TraceIds.of(request), code, message, details);
    }

    /** An error response for a request whose trace id is already known. */
    public static HttpResponse of(String traceId, ErrorCode code, String message, JsonNode details) {
        HttpResponse.Builder response = HttpResponse.builder(code.status())
                .contentType(JSON)
                .body(body(code, message, details, traceId));
        switch (code) {
            case UNAUTHORIZED -> response.setHeader(HttpHeaderNames.WWW_AUTHENTICATE, BearerAuth.CHALLENGE);
            case AGENT_NOT_LOADED, SHUTTING_DOWN ->
                    response.setHeader(HttpHeaderNames.RETRY_AFTER, ReadinessGate.RETRY_AFTER_SECONDS);
            case SERVICE_UNAVAILABLE -> response.setHeader(HttpHeaderNames.RETRY_AFTER, StoreOutage.RETRY_AFTER_SECONDS);
            default -> { }
        }
        return response.build();
    }

    /** The envelope's bytes. */
    public static byte[] body(ErrorCode code, String message, JsonNode details, String traceId) {
        return Json.bytes(tree(code.name(), message, details, traceId));
    }

    static ObjectNode tree(String code, String message, JsonNode details, String traceId) {
        ObjectNode root = Json.object();
        ObjectNode error = root.putObject("error");
        error.put("code", code);
        error.put("message", message);
        error.set("details", details);
        if (traceId != null) {
            root.put("trace_id", traceId);
        }
        return root;
    }
}
