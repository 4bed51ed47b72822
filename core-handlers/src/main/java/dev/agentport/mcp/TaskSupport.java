package dev.agentport.mcp;

/**
 * Whether a tool's calls may run as tasks of the tasks extension ({@code io.modelcontextprotocol/tasks}): the server
 * decides, per call, only for a request that declares the extension.
 */
public enum TaskSupport {
    /** Always answered in the request (the default). */
    FORBIDDEN,
    /** Runs as a task when the request declares the extension, else in the request. */
    OPTIONAL,
    /** Runs only as a task: a request that does not declare the extension is refused with {@code -32021}. */
    REQUIRED
}
