package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.contract.Exchange;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tool declares the client capabilities it needs; in 2026-07-28 a call whose {@code _meta} does not declare them is
 * refused with {@code -32021} and HTTP 400 before the tool runs.
 */
class McpClientCapabilityRulesTest {

    /** A tool that needs sampling and says whether it ran. */
    private static final class NeedsSampling implements McpExtension {
        volatile boolean ran;

        @Override
        public List<McpTool> tools() {
            return List.of(new McpTool() {
                @Override
                public ObjectNode definition() {
                    ObjectNode tool = Json.object().put("name", "needs_sampling").put("description", "samples");
                    tool.putObject("inputSchema").put("type", "object");
                    return tool;
                }

                @Override
                public Set<String> requiredClientCapabilities() {
                    return Set.of("sampling");
                }

                @Override
                public ObjectNode call(ObjectNode arguments, McpCall call) {
                    ran = true;
                    return ToolResults.text("sampled");
                }
            });
        }
    }

    @Test
    void a_call_without_a_capability_the_tool_needs_is_32021_with_http_400_naming_it() throws Exception {
        NeedsSampling extension = new NeedsSampling();
        Exchange answer = Modern.core(extension).send("tools/call", Modern.toolCall("needs_sampling"));
        assertEquals(400, answer.status(), answer.toString());
        assertEquals(-32021, answer.json().at("/error/code").asInt(), answer.toString());
        assertEquals(9, answer.json().get("id").asInt(), answer.toString());
        assertTrue(answer.json().at("/error/data/requiredCapabilities/sampling").isObject(), answer.toString());
        assertFalse(extension.ran);
    }

    @Test
    void a_call_that_declares_the_capability_runs_the_tool() throws Exception {
        NeedsSampling extension = new NeedsSampling();
        ObjectNode params = Modern.toolCall("needs_sampling");
        params.withObjectProperty("_meta").withObjectProperty(Modern.CLIENT_CAPABILITIES).putObject("sampling");
        Exchange answer = Modern.core(extension).send("tools/call", params);
        assertEquals("sampled", answer.json().at("/result/content/0/text").asText(), answer.toString());
        assertTrue(extension.ran);
    }
}
