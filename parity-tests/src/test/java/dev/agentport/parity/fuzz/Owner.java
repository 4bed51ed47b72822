package dev.agentport.parity.fuzz;

import java.util.regex.Pattern;

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
    /** A2A HTTP+JSON's paths (/message:send, /tasks/..., each also under /{tenant}): {"error": google.rpc.Status}. */
    A2A_REST,
    /** AgentCore's /invocations and /ping: {"error":"..."}. */
    AGENTCORE,
    /** /run-task: {"success":false,"error":"..."}. */
    LOCAL,
    /** A request the HTTP layer may refuse before any face sees it (a broken request line, odd framing). */
    HTTP_LAYER;

    /** The HTTP+JSON face's path family, which takes only the paths no other face routes exactly. */
    private static final Pattern REST = Pattern.compile("(/[^/]+)?/(message:send|message:stream|extendedAgentCard"
            + "|tasks(/([^/]+:(cancel|subscribe)|[^/:]+))?|tasks/[^/]+/pushNotificationConfigs(/[^/]+)?)");

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
            case "/invocations", "/ping" -> AGENTCORE;
            case "/mcp", "/.well-known/mcp/server.json" -> MCP;
            case "/run-task" -> local ? LOCAL : AGENTBREEDER;
            default -> REST.matcher(path).matches() ? A2A_REST : AGENTBREEDER;
        };
    }
}
