package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The tools served, by name (the server's own first, then the extensions'), and each call checked against them. */
final class McpTools {

    private final Map<String, McpTool> tools = new LinkedHashMap<>();

    McpTools(List<McpTool> own, List<McpExtension> extensions) {
        own.forEach(tool -> tools.put(tool.name(), tool));
        extensions.forEach(extension -> extension.tools().forEach(tool -> tools.putIfAbsent(tool.name(), tool)));
    }

    /** The tool of that name (a task's, named when it was made). */
    McpTool named(String name) {
        McpTool tool = tools.get(name);
        if (tool == null) {
            throw new McpError(McpError.INTERNAL_ERROR, "the task's tool " + McpScopes.sanitize(name)
                    + " is not served here");
        }
        return tool;
    }

    /** The {@code tools/list} result. */
    ObjectNode list() {
        ObjectNode result = Json.object();
        ArrayNode list = result.putArray("tools");
        tools.values().forEach(tool -> list.add(tool.definition()));
        return result;
    }

    /**
     * A tool call, checked before anything runs: its tool exists, its arguments are an object, and (2026-07-28) the
     * request declares the client capabilities the tool needs.
     */
    ToolCall check(McpMessage message, McpScope scope) {
        ObjectNode params = message.params();
        JsonNode name = params.get("name");
        if (name == null || !name.isTextual()) {
            throw McpError.invalidParams("params.name must name a tool");
        }
        McpTool tool = tools.get(name.asText());
        if (tool == null) {
            throw McpError.invalidParams("Unknown tool: " + McpScopes.sanitize(name.asText()));
        }
        JsonNode arguments = params.get("arguments");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            throw McpError.invalidParams("params.arguments must be an object");
        }
        if (scope.perRequest()) {
            RequiredCapabilities.require(tool, message);
        }
        return new ToolCall(tool, arguments instanceof ObjectNode object ? object : Json.object());
    }
}
