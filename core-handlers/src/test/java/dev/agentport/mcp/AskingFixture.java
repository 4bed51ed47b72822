package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Tools that ask the client: {@code ask_name} (one elicitation, then {@code Hello, <name>}), {@code ask_both} (an
 * elicitation and a sampling request at once) and {@code ask_twice} (two rounds). They stream, as a tool that asks must
 * up to 2025-11-25.
 */
final class AskingFixture implements McpExtension {

    @Override
    public List<McpTool> tools() {
        return List.of(tool("ask_name", call -> "Hello, " + name(call, "name") + "!"),
                tool("ask_both", call -> {
                    Map<String, ClientRequest> both = new LinkedHashMap<>();
                    both.put("name", elicit("name"));
                    both.put("poem", new ClientRequest(ClientRequest.SAMPLING, Json.object().put("maxTokens", 9)));
                    Map<String, JsonNode> answers = call.askAll(both);
                    return answers.get("name").at("/content/value").asText() + " / "
                            + answers.get("poem").at("/content/text").asText();
                }),
                tool("ask_twice", call -> name(call, "first") + " then " + name(call, "second")));
    }

    static ClientRequest elicit(String what) {
        ObjectNode params = Json.object().put("message", "your " + what + "?");
        params.putObject("requestedSchema").put("type", "object").putObject("properties").putObject("value")
                .put("type", "string");
        return new ClientRequest(ClientRequest.ELICITATION, params);
    }

    private static String name(McpCall call, String key) {
        return call.ask(key, elicit(key)).at("/content/value").asText();
    }

    private static McpTool tool(String name, Function<McpCall, String> body) {
        return new StreamingTool(name, "asks the client", body);
    }
}
