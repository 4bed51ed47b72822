package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.http.Request;

import java.util.ArrayList;
import java.util.List;

/**
 * How rules reach the server's methods: in a session of the latest version {@code initialize} agrees on, or, when the
 * endpoint has no {@code initialize}, per request as 2026-07-28 makes them. Opened once per run.
 */
final class McpClient {

    private final Endpoint endpoint;
    private final Session session;

    private McpClient(Endpoint endpoint, Session session) {
        this.endpoint = endpoint;
        this.session = session;
    }

    static McpClient of(Probe probe) {
        return probe.remember("mcp.client", () -> {
            Endpoint endpoint = Endpoint.of(probe);
            return new McpClient(endpoint, endpoint.legacy()
                    ? Session.open(probe, endpoint.path(), Messages.V2025_11_25) : null);
        });
    }

    /** The session, or {@code null} when the server speaks 2026-07-28 alone. */
    Session session() {
        return session;
    }

    String path() {
        return endpoint.path();
    }

    /** A POST of the request {@code id}, with the token. */
    Request.Builder post(String id, String method, ObjectNode params) {
        return session != null ? session.post(Messages.request(id, method, params))
                : PerRequest.post(endpoint.path(), PerRequest.message(id, method, params, Messages.V2026_07_28));
    }

    /** A POST of the request {@code id}, without the token. */
    Request.Builder postWithoutToken(String id, String method, ObjectNode params) {
        if (session != null) {
            return session.postWithoutToken(Messages.request(id, method, params));
        }
        ObjectNode message = PerRequest.message(id, method, params, Messages.V2026_07_28);
        Request.Builder request = Request.post(endpoint.path()).header("Accept", Session.ACCEPT)
                .header(Session.VERSION_HEADER, Messages.V2026_07_28).header(PerRequest.METHOD_HEADER, method);
        String name = PerRequest.nameOf(message);
        if (name != null) {
            request.header(PerRequest.NAME_HEADER, name);
        }
        return request.json(Messages.write(message));
    }

    /** A POST of {@code body} as it is, with the headers a request of {@code method} has: for input that is not valid. */
    Request.Builder postRaw(String method, byte[] body) {
        Request.Builder request = Request.post(endpoint.path()).authorized();
        if (session != null) {
            Session.withHeaders(request, session.version(), session.sessionId());
        } else {
            request.header("Accept", Session.ACCEPT).header(Session.VERSION_HEADER, Messages.V2026_07_28)
                    .header(PerRequest.METHOD_HEADER, method);
        }
        return request.body("application/json", body);
    }

    /** Sends a request and returns the answer's messages, under {@code id}. */
    Reply call(Probe probe, String id, String method, ObjectNode params) {
        return Reply.of(method + " (POST " + Endpoint.shown(endpoint.path()) + ")",
                probe.send(post(id, method, params)));
    }

    /** Calls a tool; {@code progressToken}, when not null, asks for progress. */
    Reply callTool(Probe probe, String id, String tool, JsonNode arguments, String progressToken) {
        return Reply.of("tools/call " + tool + " (POST " + Endpoint.shown(endpoint.path()) + ")",
                probe.send(post(id, "tools/call", Messages.toolCall(tool, arguments, progressToken))));
    }

    /** The tools {@code tools/list} lists, asked once per run. */
    static JsonNode tools(Probe probe) {
        return probe.remember("mcp.tools", () -> {
            String id = Messages.nextId();
            JsonNode tools = of(probe).call(probe, id, "tools/list", Messages.object()).result(id).get("tools");
            if (tools == null || !tools.isArray()) {
                throw new RuleFailed("tools/list's result has no tools array");
            }
            return tools;
        });
    }

    /** The names of the tools {@code tools/list} lists. */
    static List<String> toolNames(Probe probe) {
        List<String> names = new ArrayList<>();
        tools(probe).forEach(tool -> names.add(tool.path("name").asText()));
        return names;
    }

    /** The tool {@code tools/list} lists by that name, or {@code null}. */
    static JsonNode tool(Probe probe, String name) {
        for (JsonNode tool : tools(probe)) {
            if (name.equals(tool.path("name").asText(null))) {
                return tool;
            }
        }
        return null;
    }
}
