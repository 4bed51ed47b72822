package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;

import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * JSON-RPC errors for bad input (section 5): input the server cannot take is a 4xx (with, when it sends one, a JSON-RPC
 * error of the right code and a null id), an unknown method is -32601 and an unknown tool an error.
 */
final class ErrorRules {

    static final String UNKNOWN_METHOD = "validate-contract/no-such-method";
    static final String UNKNOWN_TOOL = "validate_contract_no_such_tool";

    private ErrorRules() {
    }

    static void bodyThatIsNotJsonIsAParseError(Probe probe) {
        Reply reply = Reply.of("a body that is not JSON (POST " + Endpoint.shown(McpClient.of(probe).path()) + ")",
                probe.send(McpClient.of(probe).postRaw("tools/list", "{not json".getBytes(StandardCharsets.UTF_8))));
        refused(reply, Set.of(-32700), true);
    }

    /**
     * JSON-RPC 2.0 makes it -32600; -32602 is taken too, as the official Python SDK answers a message that does not
     * validate with it.
     */
    static void messageThatIsNotJsonRpcIsRefused(Probe probe) {
        String body = "{\"id\":\"" + Messages.nextId() + "\",\"method\":\"tools/list\",\"params\":{}}";
        Reply reply = Reply.of("a message without jsonrpc (POST " + Endpoint.shown(McpClient.of(probe).path()) + ")",
                probe.send(McpClient.of(probe).postRaw("tools/list", body.getBytes(StandardCharsets.UTF_8))));
        refused(reply, Set.of(-32600, -32602), false);
    }

    static void unknownMethodIsMethodNotFound(Probe probe) {
        String id = Messages.nextId();
        Reply reply = McpClient.of(probe).call(probe, id, UNKNOWN_METHOD, Messages.object());
        JsonNode response = reply.response(id);
        Expect.equal(-32601, response.at("/error/code").isInt() ? response.at("/error/code").asInt() : null,
                reply.what() + "'s error code");
    }

    static void unknownToolIsAnError(Probe probe) {
        String id = Messages.nextId();
        Reply reply = McpClient.of(probe).callTool(probe, id, UNKNOWN_TOOL, Messages.object(), null);
        JsonNode response = reply.response(id);
        boolean invalidParams = response.at("/error/code").asInt() == -32602;
        boolean toolError = response.at("/result/isError").asBoolean(false);
        Expect.that(invalidParams || toolError, reply.what() + " must be a -32602 error or a result with isError, "
                + "not " + response);
    }

    /**
     * The input was refused with a 4xx, and a JSON-RPC error it carries has one of {@code codes} (and a null id when
     * {@code nullId}: the request's id could not be read).
     */
    private static void refused(Reply reply, Set<Integer> codes, boolean nullId) {
        Expect.that(reply.status() >= 400 && reply.status() < 500, reply.what() + " answered " + reply.status()
                + ", expected a 4xx: " + reply.answer().excerpt());
        for (JsonNode message : reply.messages()) {
            if (message.path("error").isObject()) {
                JsonNode code = message.at("/error/code");
                Expect.that(code.isInt() && codes.contains(code.asInt()), reply.what() + "'s error code is " + code
                        + ", expected " + (codes.size() == 1 ? codes.iterator().next() : "one of " + codes));
                Expect.that(!nullId || !message.has("id") || message.get("id").isNull(), reply.what()
                        + "'s error must have a null id, as the request's could not be read: " + message);
            }
        }
    }
}
