package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.function.Supplier;

/**
 * A method's result as sent: complete (with {@code resultType} and the server named in {@code _meta} in
 * 2026-07-28), or {@code input_required} when it asked the client something a 2026-07-28 request has not answered.
 */
final class Settlement {

    private static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";

    private final ServerDescription description;
    private final RequestState states;

    Settlement(ServerDescription description, RequestState states) {
        this.description = description;
        this.states = states;
    }

    /** @param rounds the request's answers when it may answer {@code input_required}, else {@code null} */
    ObjectNode settle(McpMessage message, McpScope scope, InputRounds rounds, Supplier<ObjectNode> answer) {
        try {
            return complete(answer.get(), scope);
        } catch (InputRequired pending) {
            if (rounds == null) {
                throw new McpError(McpError.INTERNAL_ERROR, message.method() + " cannot ask the client");
            }
            return rounds.inputRequired(pending, message.method(), message.params(), states);
        }
    }

    /** A result as sent when complete: in 2026-07-28 with {@code resultType} and the server named in {@code _meta}. */
    ObjectNode complete(ObjectNode result, McpScope scope) {
        if (scope.perRequest()) {
            result.put("resultType", "complete");
            ObjectNode meta = result.get(McpMessage.META) instanceof ObjectNode own ? own
                    : result.putObject(McpMessage.META);
            meta.set(SERVER_INFO, description.serverInfo(scope.protocolVersion()));
        }
        return result;
    }
}
