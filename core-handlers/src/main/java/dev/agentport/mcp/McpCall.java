package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Cancellation;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;
import dev.agentport.runtime.Run;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One request being answered, as a tool or an extension sees it: its protocol version and session, the way to send
 * notifications before the answer, the way to ask the client ({@link #ask}), and its cancellation. Notifications reach
 * the client only when the answer is an event stream (a {@code tools/call} with a {@code progressToken}, or of a tool
 * that always streams); otherwise they are dropped.
 */
public final class McpCall {

    private final HttpRequest request;
    private final String protocolVersion;
    private final String sessionId;
    private final JsonNode progressToken;
    private final Consumer<ObjectNode> notifications;
    private final Run run;
    private final Cancellation cancellation;
    private final ClientCapabilities capabilities;
    private final Asker asker;
    private final boolean perRequest;
    private final String taskId;

    /** {@code run} is the engine's run of a {@code tools/call}, null for any other request. */
    McpCall(HttpRequest request, McpScope scope, JsonNode progressToken, Consumer<ObjectNode> notifications,
            Run run, Cancellation cancellation, ClientCapabilities capabilities, Asker asker) {
        this(request, scope, progressToken, notifications, run, cancellation, capabilities, asker, null);
    }

    /** A call that runs as the task {@code taskId} (its questions wait in the task for {@code tasks/update}). */
    McpCall(HttpRequest request, McpScope scope, JsonNode progressToken, Consumer<ObjectNode> notifications,
            Run run, Cancellation cancellation, ClientCapabilities capabilities, Asker asker, String taskId) {
        this.taskId = taskId;
        this.request = request;
        this.protocolVersion = scope.protocolVersion();
        this.sessionId = scope.sessionId();
        this.perRequest = scope.perRequest();
        this.progressToken = progressToken;
        this.notifications = notifications;
        this.run = run;
        this.cancellation = cancellation;
        this.capabilities = capabilities;
        this.asker = asker;
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

    /** The task this call runs as ({@code io.modelcontextprotocol/tasks}), or {@code null} when it is no task. */
    public String taskId() {
        return taskId;
    }

    /** Set when the client cancels this request ({@code notifications/cancelled}) or goes away. */
    public Cancellation cancellation() {
        return cancellation;
    }

    /** The engine's run of this {@code tools/call} (null for other requests): a tool's agent run is built within it. */
    Run run() {
        return run;
    }

    /** Whether progress notifications reach the client: the request carried {@code _meta.progressToken}. */
    public boolean reportsProgress() {
        return progressToken != null;
    }

    /**
     * Whether the client declared {@code capability} ({@code sampling}, {@code elicitation}, {@code roots}): in the
     * request's {@code _meta}, else in its session's {@code initialize}. True as well when the server cannot know: a
     * stateless request of 2025-11-25 or earlier that carries none.
     */
    public boolean clientSupports(String capability) {
        return capabilities.allows(capability);
    }

    /**
     * The client's answer to the question {@code key} when a task's earlier round already brought it, without asking;
     * empty otherwise (and always outside a task). A task's tool uses it to tell a first run from a run again.
     */
    public Optional<JsonNode> answered(String key) {
        return asker.answered(key);
    }

    /** Asks the client one question and returns its result; see {@link #askAll}. */
    public JsonNode ask(String key, ClientRequest request) {
        return askAll(Map.of(key, request)).get(key);
    }

    /**
     * Asks the client several questions at once and returns its results by key. Up to 2025-11-25 each is a request on
     * this call's event stream (the tool must {@link McpTool#streams() stream}), answered while the tool waits, at most
     * until the run timeout. In 2026-07-28 the call ends with an {@code input_required} result asking every unanswered
     * question; the client retries with the answers and the tool runs again from the start, getting them here: so
     * code before an ask must be safe to repeat. Throws {@link McpError} when the client lacks the capability
     * ({@code -32021}), refuses, or does not answer in time.
     */
    public Map<String, JsonNode> askAll(Map<String, ClientRequest> requests) {
        for (ClientRequest request : requests.values()) {
            String capability = request.capability();
            if (capability != null && !capabilities.allows(capability)) {
                ObjectNode data = Json.object();
                data.putObject("requiredCapabilities").putObject(capability);
                throw new McpError(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY, "the client did not declare the "
                        + capability + " capability, which " + request.method() + " needs", data,
                        perRequest ? 400 : 200);
            }
        }
        cancellation.check();
        return asker.ask(new LinkedHashMap<>(requests));
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
