package dev.agentport.mcp;

import dev.agentport.session.McpReplies;
import dev.agentport.session.McpSession;
import dev.agentport.session.McpSessionStore;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.Cancellation;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.FramePump;
import dev.agentport.store.StoreUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The MCP methods: {@code initialize} (opening a session in session mode), {@code ping}, {@code server/discover}
 * (2026-07-28), {@code tools/list}, {@code tools/call}, then whatever the extensions serve. A {@code tools/call} with a
 * {@code progressToken} (or of a tool that always streams) is answered as an event stream: its notifications, then its
 * result.
 */
final class McpServer {

    private static final Logger LOG = LoggerFactory.getLogger(McpServer.class);
    private static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";

    private final AgentDescriptor agent;
    private final boolean stateful;
    private final McpSessionStore sessions;
    private final Map<String, McpTool> tools = new LinkedHashMap<>();
    private final List<McpExtension> extensions;
    private final McpReplies replies;
    private final RequestState states;
    private final Duration runTimeout;
    private final InFlight inFlight = new InFlight();

    McpServer(AgentDescriptor agent, boolean stateful, McpSessionStore sessions, List<McpTool> own,
              List<McpExtension> extensions, McpReplies replies, RequestState states, Duration runTimeout) {
        this.agent = agent;
        this.replies = replies;
        this.states = states;
        this.runTimeout = runTimeout;
        this.stateful = stateful;
        this.sessions = sessions;
        this.extensions = List.copyOf(extensions);
        own.forEach(tool -> tools.put(tool.name(), tool));
        extensions.forEach(extension -> extension.tools().forEach(tool -> tools.putIfAbsent(tool.name(), tool)));
    }

    /** Agrees on a version; in session mode, opens a session kept in the store. */
    HttpResponse initialize(McpMessage message) {
        JsonNode requested = message.params().get("protocolVersion");
        if (requested == null || !requested.isTextual()) {
            throw McpError.invalidParams("params.protocolVersion must name the client's protocol version");
        }
        String version = ProtocolVersions.negotiate(requested.asText());
        ObjectNode result = Json.object();
        result.put("protocolVersion", version);
        result.set("capabilities", capabilities());
        result.set("serverInfo", serverInfo(version));
        result.put("instructions", instructions());
        HttpResponse answer = McpResponses.json(200, JsonRpc.result(message.id(), result));
        if (!stateful) {
            return answer;
        }
        String clientName = message.params().path("clientInfo").path("name").asText("");
        McpSession session = new McpSession(UUID.randomUUID().toString(), version, clientName, Instant.now(),
                ClientCapabilities.names(message.params().get("capabilities")));
        if (!sessions.create(session)) {
            throw McpError.ofRequest(500, McpError.INTERNAL_ERROR, "could not open a session; try again");
        }
        return answer.withHeader(McpResponses.SESSION_HEADER, session.id());
    }

    HttpResponse answer(HttpRequest request, McpMessage message, McpScope scope) {
        boolean isToolCall = message.method().equals("tools/call");
        JsonNode token = isToolCall ? message.progressToken() : null;
        ClientCapabilities capabilities = ClientCapabilities.of(message, scope, sessions);
        InputRounds rounds = scope.perRequest() && InputRounds.METHODS.contains(message.method())
                ? InputRounds.of(message.method(), message.params(), states) : null;
        if (token == null && !(isToolCall && toolCall(message, scope).tool().streams())) {
            Cancellation cancellation = new Cancellation(null);
            Asker asker = rounds != null ? rounds : Asker.refusing(message.method() + " cannot ask the client: "
                    + (scope.perRequest() ? "only tools/call, prompts/get and resources/read can"
                    : "its answer is not an event stream (a tool that asks must stream)"));
            McpCall call = new McpCall(request, scope, null, dropped -> {
            }, cancellation, capabilities, asker);
            ObjectNode result;
            try (InFlight.Entry entry = inFlight.register(request, message.id(), cancellation)) {
                result = settle(message, scope, rounds, () -> result(message, scope, call));
            } catch (McpError e) {
                if (cancellation.isCancelled()) {
                    return McpResponses.cancelled();
                }
                throw e;
            }
            return cancellation.isCancelled() ? McpResponses.cancelled()
                    : McpResponses.json(200, JsonRpc.result(message.id(), result));
        }
        ToolCall call = toolCall(message, scope);
        Instant deadline = deadline(request);
        return HttpResponse.builder(200)
                .contentType(ServerSentEvents.CONTENT_TYPE)
                .setHeader("Cache-Control", "no-cache")
                .setHeader("X-Accel-Buffering", "no")
                .body(Body.stream(sink -> {
                    // The call's cancellation is the tool's to follow (a cancelled run ends, then no result is
                    // sent); the stream's also ends the writing when the client goes away, after the call's.
                    Cancellation cancelled = new Cancellation(null);
                    Cancellation stream = new Cancellation(null);
                    stream.onCancel(() -> cancelled.cancel(stream.reason()));
                    request.connection().onClose(() -> stream.cancel("the client went away"));
                    try (InFlight.Entry entry = inFlight.register(request, message.id(), cancelled)) {
                        FramePump.run(sink, stream, null, emit -> {
                            Consumer<ObjectNode> out = sent -> emit.emit(frame(sent));
                            Asker asker = rounds != null ? rounds
                                    : new StreamAsker(replies, out, deadline, cancelled);
                            McpCall context = new McpCall(request, scope, token, LogFilter.around(out, message, scope),
                                    cancelled, capabilities, asker);
                            ObjectNode answer;
                            try {
                                answer = JsonRpc.result(message.id(),
                                        settle(message, scope, rounds, () -> callTool(call, context)));
                            } catch (McpError e) {
                                answer = JsonRpc.error(message.id(), e);
                            } catch (StoreUnavailableException e) {
                                answer = JsonRpc.error(message.id(), StoreOutages.error(e, request));
                            }
                            if (!cancelled.isCancelled()) {
                                emit.emit(frame(answer));
                            }
                        });
                    }
                }))
                .build();
    }

    /** Takes a client's response to a request of ours (202 whether or not a tool still waits for it). */
    void reply(JsonNode id, JsonNode response) {
        if (!replies.deliver(id.asText(), response)) {
            LOG.debug("a response for no request waiting here: {}", McpScopes.sanitize(id.asText()));
        }
    }

    /** Takes a notification: {@code notifications/cancelled} cancels the request it names. */
    void notified(HttpRequest request, McpMessage notification) {
        if (notification.method().equals("notifications/cancelled")) {
            inFlight.cancel(request, notification);
        }
    }

    /**
     * The method's result: complete (with {@code resultType} in 2026-07-28), or {@code input_required} when it asked
     * the client something a 2026-07-28 request has not answered yet.
     */
    private ObjectNode settle(McpMessage message, McpScope scope, InputRounds rounds,
                              Supplier<ObjectNode> answer) {
        try {
            return finish(answer.get(), scope);
        } catch (InputRequired pending) {
            if (rounds == null) {
                throw new McpError(McpError.INTERNAL_ERROR, message.method() + " cannot ask the client");
            }
            return rounds.inputRequired(pending, message.method(), message.params(), states);
        }
    }

    /** When a call must end: the run timeout from now, or the platform's deadline when it comes first. */
    private Instant deadline(HttpRequest request) {
        Instant deadline = runTimeout == null ? null : Instant.now().plus(runTimeout);
        if (request.deadline() != null && (deadline == null || request.deadline().isBefore(deadline))) {
            deadline = request.deadline();
        }
        return deadline;
    }

    private ObjectNode result(McpMessage message, McpScope scope, McpCall call) {
        String method = message.method();
        if (scope.perRequest() && ProtocolVersions.REMOVED_IN_2026_07_28.contains(method)) {
            throw notFound(method, scope);
        }
        switch (method) {
            case "ping" -> {
                return Json.object();
            }
            case "server/discover" -> {
                if (scope.perRequest()) {
                    return CachingHints.add(discover());
                }
            }
            case "tools/list" -> {
                return scope.perRequest() ? CachingHints.add(toolList()) : toolList();
            }
            case "tools/call" -> {
                return callTool(toolCall(message, scope), call);
            }
            default -> {
                Optional<ObjectNode> served = extensionAnswer(method, message.params(), call);
                if (served.isPresent()) {
                    return served.get();
                }
            }
        }
        throw notFound(method, scope);
    }

    /** An unknown method: HTTP 404 in 2026-07-28, 200 in the earlier revisions. */
    private static McpError notFound(String method, McpScope scope) {
        return new McpError(McpError.METHOD_NOT_FOUND, "Method not found: " + McpScopes.sanitize(method), null,
                scope.perRequest() ? 404 : 200);
    }

    private Optional<ObjectNode> extensionAnswer(String method, ObjectNode params, McpCall call) {
        for (McpExtension extension : extensions) {
            try {
                Optional<JsonNode> answer = extension.handle(method, params, call);
                if (answer.isPresent()) {
                    JsonNode result = answer.get();
                    return Optional.of(result.isObject() ? (ObjectNode) result : Json.object());
                }
            } catch (McpError | InputRequired e) {
                throw e;
            } catch (Exception e) {
                LOG.error("the MCP extension failed on {}", method, e);
                throw new McpError(McpError.INTERNAL_ERROR, "the server failed on " + method);
            }
        }
        return Optional.empty();
    }

    /**
     * A tool call, checked before anything runs: its tool exists, its arguments are an object, and (2026-07-28) the
     * request declares the client capabilities the tool needs.
     */
    private record ToolCall(McpTool tool, ObjectNode arguments) {
    }

    private ToolCall toolCall(McpMessage message, McpScope scope) {
        ToolCall call = toolCall(message.params());
        if (scope.perRequest()) {
            RequiredCapabilities.require(call.tool(), message);
        }
        return call;
    }

    private ToolCall toolCall(ObjectNode params) {
        JsonNode name = params.get("name");
        if (name == null || !name.isTextual()) {
            throw McpError.invalidParams("params.name must name a tool");
        }
        McpTool tool = tools.get(name.asText());
        if (tool == null) {
            throw McpError.invalidParams("Unknown tool: " + McpScopes.sanitize(name.asText()));
        }
        JsonNode arguments = params.get("arguments");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            throw McpError.invalidParams("params.arguments must be an object");
        }
        return new ToolCall(tool, arguments instanceof ObjectNode object ? object : Json.object());
    }

    private static ObjectNode callTool(ToolCall toolCall, McpCall call) {
        try {
            return toolCall.tool().call(toolCall.arguments(), call);
        } catch (McpToolInputError e) {
            if (ProtocolVersions.inputErrorsAreToolResults(call.protocolVersion())) {
                return ToolResults.error(e.getMessage());
            }
            throw McpError.invalidParams(e.getMessage());
        } catch (McpError | InputRequired | StoreUnavailableException e) {
            throw e;
        } catch (RunCancelledException e) {
            return ToolResults.error("the call was cancelled");
        } catch (Exception | Error e) {
            LOG.error("the tool {} failed", toolCall.tool().name(), e);
            return ToolResults.error("the tool failed unexpectedly; the server log has the details");
        }
    }

    private ObjectNode toolList() {
        ObjectNode result = Json.object();
        ArrayNode list = result.putArray("tools");
        tools.values().forEach(tool -> list.add(tool.definition()));
        return result;
    }

    private ObjectNode discover() {
        ObjectNode result = Json.object();
        ProtocolVersions.ALL.forEach(result.putArray("supportedVersions")::add);
        result.set("capabilities", capabilities());
        result.set("serverInfo", serverInfo(ProtocolVersions.V2026_07_28));
        result.put("instructions", instructions());
        return result;
    }

    private ObjectNode capabilities() {
        ObjectNode capabilities = Json.object();
        capabilities.putObject("tools").put("listChanged", false);
        extensions.forEach(extension -> extension.capabilities(capabilities));
        return capabilities;
    }

    private ObjectNode serverInfo(String version) {
        ObjectNode info = Json.object();
        info.put("name", agent.name());
        if (version.compareTo(ProtocolVersions.V2025_06_18) >= 0) {
            info.put("title", agent.name());
        }
        info.put("version", agent.version());
        return info;
    }

    private String instructions() {
        return "Use send_message to talk to the " + agent.name() + " agent (conversation_id continues a "
                + "conversation) and get_health to check it without running it.";
    }

    /** 2026-07-28 results say they are complete, and name the server in {@code _meta}. */
    private ObjectNode finish(ObjectNode result, McpScope scope) {
        if (scope.perRequest()) {
            result.put("resultType", "complete");
            ObjectNode meta = result.get(McpMessage.META) instanceof ObjectNode own ? own
                    : result.putObject(McpMessage.META);
            meta.set(SERVER_INFO, serverInfo(scope.protocolVersion()));
        }
        return result;
    }

    private static byte[] frame(ObjectNode message) {
        return ServerSentEvents.event("message", Json.write(message));
    }
}
