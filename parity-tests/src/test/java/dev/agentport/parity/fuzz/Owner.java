package dev.agentport.parity.fuzz;

/** The face whose error shape a path answers in (README, "Faces: one core, many contracts"). */
public enum Owner {
    /** AgentBreeder's paths, and every path no face owns: {"error":{"code","message","details"},"trace_id"}. */
    AGENTBREEDER,
    /** POST /: Daedalus's {"error":"..."}, or a JSON-RPC error when the body is JSON-RPC. */
    DAEDALUS,
    /** /a2a: JSON-RPC error objects. */
    JSONRPC,
    /** /mcp: JSON-RPC error objects. */
    MCP,
    /** /run-task: {"success":false,"error":"..."}. */
    LOCAL,
    /** A request the HTTP layer may refuse before any face sees it (a broken request line, odd framing). */
    HTTP_LAYER;

    /** The owner of {@code target} (a path with an optional query) as the README's ownership tables say. */
    static Owner of(String target, boolean local) {
        String path = target;
        for (char end : new char[]{'?', '#'}) {
            int at = path.indexOf(end);
            path = at < 0 ? path : path.substring(0, at);
        }
        return switch (path) {
            case "/", "/.well-known/agent-card.json", "/runtime-contract.json" -> DAEDALUS;
            case "/a2a" -> JSONRPC;
            case "/mcp", "/.well-known/mcp/server.json" -> MCP;
            case "/run-task" -> local ? LOCAL : AGENTBREEDER;
            default -> AGENTBREEDER;
        };
    }
}
