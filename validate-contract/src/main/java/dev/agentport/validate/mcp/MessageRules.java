package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Streamable HTTP, sending messages (section 2): a request is answered with one JSON object or an event stream that
 * ends with its response, a notification with 202 and no body, and a client that accepts no event stream gets none.
 */
final class MessageRules {

    private MessageRules() {
    }

    static void requestIsAnsweredWithJsonOrAnEventStream(Probe probe) {
        String id = Messages.nextId();
        Reply reply = McpClient.of(probe).call(probe, id, "tools/list", Messages.object());
        Expect.status(reply.answer(), 200);
        Answer answer = reply.answer();
        Expect.that(answer.isEventStream() || answer.mediaType().equals("application/json"), reply.what()
                + " answered Content-Type " + answer.header("content-type")
                + ", not application/json or text/event-stream");
        JsonNode response = reply.response(id);
        Expect.equal("2.0", response.path("jsonrpc").asText(null), reply.what() + "'s response's jsonrpc");
        Expect.that(response.has("result") != response.has("error"), reply.what()
                + "'s response must have a result or an error, not both: " + response);
        List<JsonNode> messages = reply.messages();
        Expect.that(messages.get(messages.size() - 1) == response, reply.what()
                + "'s event stream goes on after the response: " + messages.get(messages.size() - 1));
    }

    static void notificationIs202WithoutABody(Probe probe) {
        Session session = McpClient.of(probe).session();
        if (session == null) {
            throw Expect.skip("2026-07-28 defines no notification a client posts on Streamable HTTP");
        }
        Answer answer = probe.send(session.post(Messages.notification("notifications/initialized")));
        Expect.status(answer, 202);
        Expect.that(answer.body().length == 0, "notifications/initialized was answered 202 with a body: "
                + answer.excerpt());
    }

    static void acceptWithoutEventStreamGetsNoEventStream(Probe probe) {
        String id = Messages.nextId();
        Request request = withAccept(McpClient.of(probe).post(id, "tools/call", Messages.toolCall("get_health",
                Messages.object(), "validate-contract-accept-{run}")), "application/json");
        Answer answer = probe.send(request);
        Expect.that(!answer.isEventStream(), "tools/call with a progressToken and Accept: application/json was "
                + "answered with an event stream, which the client said it does not take");
        Expect.that(answer.status() >= 400 || answer.mediaType().equals("application/json"), "tools/call with "
                + "Accept: application/json answered " + answer.status() + " with Content-Type "
                + answer.header("content-type"));
    }

    /** The request with its {@code Accept} header replaced. */
    static Request withAccept(Request.Builder builder, String accept) {
        Request request = builder.build();
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        for (Map.Entry<String, String> header : request.headers()) {
            if (!header.getKey().equalsIgnoreCase("Accept")) {
                headers.add(header);
            }
        }
        headers.add(Map.entry("Accept", accept));
        return new Request(request.method(), request.path(), List.copyOf(headers), request.body(),
                request.authorized());
    }
}
