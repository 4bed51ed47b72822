package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.util.function.Function;

/** A streaming test tool with no arguments whose text answer is what {@code body} makes of the call. */
record StreamingTool(String name, String description, Function<McpCall, String> body) implements McpTool {

    @Override
    public ObjectNode definition() {
        ObjectNode tool = Json.object().put("name", name).put("description", description);
        tool.putObject("inputSchema").put("type", "object");
        return tool;
    }

    @Override
    public boolean streams() {
        return true;
    }

    @Override
    public ObjectNode call(ObjectNode arguments, McpCall call) {
        return ToolResults.text(body.apply(call));
    }
}
