package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Optional;

/**
 * More for the MCP face to serve next to the agent's tools: tools, and any other method (resources, prompts, ...)
 * with the capabilities that announce it. Found through {@link java.util.ServiceLoader} or given to the face's
 * constructor; test fixtures use it, the default server has none.
 */
public interface McpExtension {

    /** Tools served after {@code send_message} and {@code get_health}. */
    default List<McpTool> tools() {
        return List.of();
    }

    /** Adds this extension's entries to the server's capabilities, e.g. {@code resources} or {@code prompts}. */
    default void capabilities(ObjectNode capabilities) {
    }

    /**
     * Answers a method the face does not serve itself, or empty when this extension does not serve it either. Throw
     * {@link McpError} for a JSON-RPC error.
     */
    default Optional<JsonNode> handle(String method, ObjectNode params, McpCall call) throws Exception {
        return Optional.empty();
    }
}
