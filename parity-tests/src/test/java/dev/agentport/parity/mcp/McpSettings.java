package dev.agentport.parity.mcp;

import dev.agentport.parity.interop.NodeProject;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What the MCP interop checks share: the server settings (the default agent without pauses, in each session mode), and
 * the Node project {@code interop/mcp} with the conformance suite and the SDK, on Node 22 or newer.
 */
final class McpSettings {

    private static final String SESSION_MODE = "AGENT_MCP_SESSIONS";

    static final Map<String, String> SESSIONS = Map.of(SESSION_MODE, "store", "DEFAULT_AGENT_WORD_DELAY_MS", "0");
    static final Map<String, String> STATELESS = Map.of(SESSION_MODE, "stateless", "DEFAULT_AGENT_WORD_DELAY_MS", "0");

    private McpSettings() {
    }

    /** @param purpose what runs in it, for the message when node is missing */
    static NodeProject nodeProject(Path root, String purpose) {
        return new NodeProject(root, "interop/mcp",
                List.of("@modelcontextprotocol/conformance", "@modelcontextprotocol/sdk"), 22, purpose);
    }
}
