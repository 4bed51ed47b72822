package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.StoreOutage;
import dev.agentport.store.StoreUnavailableException;
import dev.agentport.telemetry.TraceIds;

/**
 * A state store that failed, as MCP answers it: a JSON-RPC error ({@code -32603}) on HTTP 503 with
 * {@code Retry-After}, or, once a tool call's event stream has begun, as its last message.
 */
final class StoreOutages {

    private StoreOutages() {
    }

    static McpError error(StoreUnavailableException cause, HttpRequest request) {
        String message = AgentFailures.storeUnavailable(cause, TraceIds.of(request),
                request.method() + " " + request.path()).message();
        return McpError.ofRequest(503, McpError.INTERNAL_ERROR, message);
    }

    /** The answer to a request; {@code id} is null when it is not known. */
    static HttpResponse response(StoreUnavailableException cause, JsonNode id, HttpRequest request) {
        return McpResponses.error(error(cause, request), id)
                .withHeader(HttpHeaderNames.RETRY_AFTER, StoreOutage.RETRY_AFTER_SECONDS);
    }
}
