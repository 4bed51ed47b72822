package dev.agentport.mcp;

/**
 * Arguments a tool cannot take. From 2025-11-25 on the caller gets a tool result with {@code isError} (so a model can
 * correct itself); before, a JSON-RPC {@code -32602} error.
 */
public final class McpToolInputError extends RuntimeException {

    public McpToolInputError(String message) {
        super(message, null, false, false);
    }
}
