package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.util.List;
import java.util.TreeSet;

/**
 * 2026-07-28: a server must not rely on a client capability the request did not declare in
 * {@code _meta["io.modelcontextprotocol/clientCapabilities"]}. A call of a tool needing one is refused with
 * {@code -32021} and HTTP 400, {@code data.requiredCapabilities} naming the missing ones.
 */
final class RequiredCapabilities {

    private RequiredCapabilities() {
    }

    static void require(McpTool tool, McpMessage message) {
        JsonNode declared = message.meta().path(McpMessage.META_CLIENT_CAPABILITIES);
        List<String> missing = new TreeSet<>(tool.requiredClientCapabilities()).stream()
                .filter(capability -> !declared.has(capability)).toList();
        if (missing.isEmpty()) {
            return;
        }
        ObjectNode data = Json.object();
        ObjectNode required = data.putObject("requiredCapabilities");
        missing.forEach(required::putObject);
        throw new McpError(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY, "The tool " + McpScopes.sanitize(tool.name())
                + " needs client capabilities the request did not declare: " + String.join(", ", missing), data, 400);
    }
}
