package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * How a call's questions reach the client: as requests on its response stream (up to 2025-11-25), as an
 * {@code input_required} result the client answers by retrying (2026-07-28), or not at all.
 */
interface Asker {

    /** The client's results by key, once every request has one. */
    Map<String, JsonNode> ask(Map<String, ClientRequest> requests);

    /** The client's answer to {@code key} when an earlier round already brought one; empty otherwise. */
    default Optional<JsonNode> answered(String key) {
        return Optional.empty();
    }

    /** An asker for a call that cannot ask: every question fails with {@code why}, made only then. */
    static Asker refusing(Supplier<String> why) {
        return requests -> {
            throw new McpError(McpError.INTERNAL_ERROR, why.get());
        };
    }
}
