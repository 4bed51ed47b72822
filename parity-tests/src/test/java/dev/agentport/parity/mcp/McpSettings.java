package dev.agentport.parity.mcp;

import java.util.Map;

/** The server settings of the MCP interop checks: the default agent without pauses, in each session mode. */
final class McpSettings {

    private static final String SESSION_MODE = "AGENT_MCP_SESSIONS";

    static final Map<String, String> SESSIONS = Map.of(SESSION_MODE, "store", "DEFAULT_AGENT_WORD_DELAY_MS", "0");
    static final Map<String, String> STATELESS = Map.of(SESSION_MODE, "stateless", "DEFAULT_AGENT_WORD_DELAY_MS", "0");

    private McpSettings() {
    }
}
