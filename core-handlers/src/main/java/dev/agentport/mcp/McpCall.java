package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;

import java.util.function.Consumer;

/**
 * One request being answered, as a tool or an extension sees it: its protocol version and session, and the way to
 * send notifications before the answer. Notifications reach the client only when the answer is an event stream (a
 * {@code tools/call} with a {@code progressToken}); otherwise they are dropped.
 */
public final class McpCall {

    private final HttpRequest request;
    private final String protocolVersion;
    private final String sessionId;
    private final JsonNode progressToken;
    private final Consumer<ObjectNode> notifications;

    McpCall(HttpRequest request, String protocolVersion, String sessionId, JsonNode progressToken,
            Consumer<ObjectNode> notifications) {
        this.request = request;
        this.protocolVersion = protocolVersion;
        this.sessionId = sessionId;
        this.progressToken = progressToken;
        this.notifications = notifications;
    }

    public HttpRequest request() {
        return request;
    }

    public String protocolVersion() {
        return protocolVersion;
    }

    /** The MCP session, or {@code null} without one (stateless mode, 2026-07-28). */
    public String sessionId() {
        return sessionId;
    }

    /** Whether progress notifications reach the client: the request carried {@code _meta.progressToken}. */
    public boolean reportsProgress() {
        return progressToken != null;
    }

    /** Sends {@code notifications/progress} for this request's token; does nothing without a token. */
    public void progress(double progress, Double total, String message) {
        if (progressToken == null) {
            return;
        }
        ObjectNode params = Json.object();
        params.set("progressToken", progressToken);
        number(params, "progress", progress);
        if (total != null) {
            number(params, "total", total);
        }
        if (message != null) {
            params.put("message", message);
        }
        notify("notifications/progress", params);
    }

    private static void number(ObjectNode params, String field, double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            params.put(field, (long) value);
        } else {
            params.put(field, value);
        }
    }

    /**
     * Sends any notification before the answer (dropped when the answer is not an event stream). A 2026-07-28 log
     * message ({@code notifications/message}) is sent only at or above the level the request set in {@code _meta}.
     */
    public void notify(String method, JsonNode params) {
        notifications.accept(JsonRpc.notification(method, params));
    }
}
