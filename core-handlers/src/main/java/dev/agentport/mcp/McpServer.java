package dev.agentport.mcp;

import dev.agentport.session.McpReplies;
import dev.agentport.session.McpSession;
import dev.agentport.session.McpSessionStore;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.task.Leases;
import dev.agentport.task.McpTaskStore;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.Runs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The MCP protocol's flow: {@code initialize} agrees on a version (and in session mode opens a session); a request is
 * checked, then answered with one JSON body, or as an event stream when it is a {@code tools/call} with a
 * {@code progressToken} (or of a tool that always streams); a response from the client goes to the tool waiting for
 * it; {@code notifications/cancelled} cancels the request it names. A call may run as a task instead, and the
 * {@code tasks/*} methods follow it ({@link McpTasks}); in 2026-07-28 {@code subscriptions/listen} streams its status
 * ({@link Listens}).
 */
final class McpServer {

    private static final Logger LOG = LoggerFactory.getLogger(McpServer.class);

    private final boolean stateful;
    private final McpSessionStore sessions;
    private final McpReplies replies;
    private final RequestState states;
    private final ServerDescription description;
    private final McpTools tools;
    private final InFlight inFlight = new InFlight();
    private final JsonAnswer json;
    private final StreamAnswer stream;
    private final Settlement settlement;
    private final McpTasks tasks;
    private final Listens listens;

    McpServer(AgentDescriptor agent, boolean stateful, McpSessionStore sessions, List<McpTool> own,
              List<McpExtension> extensions, McpReplies replies, RequestState states, Runs runs,
              McpTaskStore taskStore, Leases leases, Lifecycle lifecycle) {
        this.stateful = stateful;
        this.sessions = sessions;
        this.replies = replies;
        this.states = states;
        List<McpExtension> served = List.copyOf(extensions);
        this.description = new ServerDescription(agent, served);
        this.tools = new McpTools(own, served);
        this.settlement = new Settlement(description, states);
        TaskBook book = new TaskBook(taskStore, leases, new TaskChanges());
        this.tasks = new McpTasks(book, runs, states, Clock.systemUTC());
        this.listens = new Listens(book, settlement, lifecycle, runs);
        this.json = new JsonAnswer(new McpMethods(description, tools, served), settlement, inFlight, runs);
        this.stream = new StreamAnswer(settlement, inFlight, replies, runs);
    }

    /** Agrees on a version; in session mode, opens a session kept in the store. */
    HttpResponse initialize(McpMessage message) {
        JsonNode requested = message.params().get("protocolVersion");
        if (requested == null || !requested.isTextual()) {
            throw McpError.invalidParams("params.protocolVersion must name the client's protocol version");
        }
        String version = ProtocolVersions.negotiate(requested.asText());
        HttpResponse answer = McpResponses.result(message.id(), description.initialized(version));
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

    /** Answers a request: everything it brings is checked before anything runs. */
    HttpResponse answer(HttpRequest request, McpMessage message, McpScope scope) {
        if (scope.perRequest() && message.method().equals(Listens.METHOD)) {
            return listens.open(request, message, scope);
        }
        if (McpTasks.METHODS.contains(message.method())) {
            ObjectNode result = settlement.complete(tasks.answer(request, message, scope, tools), scope);
            return McpResponses.result(message.id(), result);
        }
        ClientCapabilities capabilities = ClientCapabilities.of(message, scope, sessions);
        InputRounds rounds = scope.perRequest() && InputRounds.METHODS.contains(message.method())
                ? InputRounds.of(message.method(), message.params(), states) : null;
        ToolCall toolCall = message.method().equals("tools/call") ? tools.check(message, scope) : null;
        if (toolCall != null && scope.perRequest()) {
            ParamHeaders.check(request, toolCall);
        }
        if (toolCall != null && tasks.runsAsTask(toolCall, message, scope)) {
            return McpResponses.result(message.id(),
                    tasks.create(request, message, scope, toolCall, capabilities, rounds, settlement));
        }
        if (toolCall != null && (message.progressToken() != null || toolCall.tool().streams())) {
            return stream.answer(request, message, scope, toolCall, capabilities, rounds);
        }
        return json.answer(request, message, scope, capabilities, rounds);
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
}
