package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.json.Json;

import java.util.List;

/** What the server says of itself: in {@code initialize}, {@code server/discover} and 2026-07-28 results. */
final class ServerDescription {

    private final AgentDescriptor agent;
    private final List<McpExtension> extensions;

    ServerDescription(AgentDescriptor agent, List<McpExtension> extensions) {
        this.agent = agent;
        this.extensions = extensions;
    }

    /** The {@code initialize} result, in the version agreed on. */
    ObjectNode initialized(String version) {
        ObjectNode result = Json.object();
        result.put("protocolVersion", version);
        describe(result, version);
        return result;
    }

    /** The {@code server/discover} result (2026-07-28). */
    ObjectNode discover() {
        ObjectNode result = Json.object();
        ProtocolVersions.ALL.forEach(result.putArray("supportedVersions")::add);
        describe(result, ProtocolVersions.V2026_07_28);
        return result;
    }

    ObjectNode serverInfo(String version) {
        ObjectNode info = Json.object();
        info.put("name", agent.name());
        if (version.compareTo(ProtocolVersions.V2025_06_18) >= 0) {
            info.put("title", agent.name());
        }
        info.put("version", agent.version());
        return info;
    }

    private void describe(ObjectNode result, String version) {
        result.set("capabilities", capabilities());
        result.set("serverInfo", serverInfo(version));
        result.put("instructions", "Use send_message to talk to the " + agent.name() + " agent (conversation_id "
                + "continues a conversation) and get_health to check it without running it.");
    }

    private ObjectNode capabilities() {
        ObjectNode capabilities = Json.object();
        capabilities.putObject("tools").put("listChanged", false);
        McpTasks.announce(capabilities);
        extensions.forEach(extension -> extension.capabilities(capabilities));
        return capabilities;
    }
}
