package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Set;

/** A tool the MCP face serves: the agent's own ({@code send_message}, {@code get_health}) or an extension's. */
public interface McpTool {

    /** The tool as {@code tools/list} shows it: {@code name}, {@code description}, {@code inputSchema}, ... */
    ObjectNode definition();

    default String name() {
        return definition().get("name").asText();
    }

    /**
     * Whether every call is answered as an event stream, so that the notifications the tool sends (logging, say) reach
     * the client even without a progress token. The agent's tools stream only with a token.
     */
    default boolean streams() {
        return false;
    }

    /**
     * The client capabilities a call needs (e.g. {@code sampling}, {@code elicitation}). A 2026-07-28 call whose
     * {@code _meta} does not declare them all is refused with {@code -32021} before the tool runs; earlier revisions
     * declare capabilities once, in {@code initialize}, and are not checked.
     */
    default Set<String> requiredClientCapabilities() {
        return Set.of();
    }

    /** Whether calls may run as tasks ({@code io.modelcontextprotocol/tasks}); never, by default. */
    default TaskSupport taskSupport() {
        return TaskSupport.FORBIDDEN;
    }

    /**
     * The part of a task's call that runs in its {@code tools/call} request, before the task is made: it may ask the
     * client (a 2026-07-28 {@code input_required} round, retried by the client), and returns the arguments the task
     * runs {@link #call} with. The arguments as given, by default.
     */
    default ObjectNode beforeTask(ObjectNode arguments, McpCall call) throws Exception {
        return arguments;
    }

    /**
     * Runs the tool and returns its {@code CallToolResult} ({@code content}, optional {@code isError}, ...). Throw
     * {@link McpToolInputError} for arguments the tool cannot take; any other exception is a failed run, answered as a
     * result with {@code isError}.
     */
    ObjectNode call(ObjectNode arguments, McpCall call) throws Exception;
}
