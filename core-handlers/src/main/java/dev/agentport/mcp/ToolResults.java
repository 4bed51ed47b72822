package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

/** {@code CallToolResult}s of one text block. */
public final class ToolResults {

    private ToolResults() {
    }

    public static ObjectNode text(String text) {
        return result(text, false);
    }

    public static ObjectNode error(String text) {
        return result(text, true);
    }

    private static ObjectNode result(String text, boolean isError) {
        ObjectNode result = Json.object();
        ObjectNode block = result.putArray("content").addObject();
        block.put("type", "text");
        block.put("text", text);
        result.put("isError", isError);
        return result;
    }
}
