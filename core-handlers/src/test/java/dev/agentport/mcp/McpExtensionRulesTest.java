package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.AgentPort;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An extension given to the face adds tools, capabilities and methods next to the agent's own. */
class McpExtensionRulesTest {

    /** A fixture: a tool that logs before it answers, and one resource. */
    private static final class Fixture implements McpExtension {
        @Override
        public List<McpTool> tools() {
            return List.of(new StreamingTool("test_logging", "logs, then answers", call -> {
                call.notify("notifications/message", Json.object().put("level", "info").put("data", "working"));
                return "done";
            }));
        }

        @Override
        public void capabilities(ObjectNode capabilities) {
            capabilities.putObject("resources");
        }

        @Override
        public Optional<JsonNode> handle(String method, ObjectNode params, McpCall call) {
            if (!method.equals("resources/list")) {
                return Optional.empty();
            }
            ObjectNode result = Json.object();
            result.putArray("resources").addObject().put("uri", "test://static-text").put("name", "static");
            return Optional.of(result);
        }
    }

    private static InProcessTarget target() {
        return new InProcessTarget(AgentPort.builder().agent(new DefaultAgent())
                .config(RuntimeConfig.fromEnvironment(Map.of()))
                .face(new McpFace(McpSettings.fromEnvironment(Map.of()), null, null, List.of(new Fixture())))
                .build());
    }

    private static Exchange post(InProcessTarget target, String method, String params) throws Exception {
        return target.send(McpTesting.post("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"" + method + "\",\"params\":"
                + params + "}").build());
    }

    @Test
    void an_extensions_tools_follow_the_agents_own() throws Exception {
        JsonNode tools = post(target(), "tools/list", "{}").json().at("/result/tools");
        assertEquals(List.of("send_message", "get_health", "test_logging"),
                List.of(tools.get(0).get("name").asText(), tools.get(1).get("name").asText(),
                        tools.get(2).get("name").asText()));
    }

    @Test
    void an_extensions_capabilities_and_methods_are_served() throws Exception {
        InProcessTarget target = target();
        JsonNode initialized = post(target, "initialize", "{\"protocolVersion\":\"2025-11-25\"}").json();
        assertTrue(initialized.at("/result/capabilities/resources").isObject(), initialized.toString());
        assertEquals("test://static-text",
                post(target, "resources/list", "{}").json().at("/result/resources/0/uri").asText());
    }

    @Test
    void a_tool_that_streams_sends_its_notifications_before_its_result() throws Exception {
        Exchange answer = post(target(), "tools/call", "{\"name\":\"test_logging\"}");
        assertTrue(answer.isEventStream(), answer.toString());
        assertEquals(2, answer.events().size(), answer.toString());
        assertTrue(answer.events().get(0).data().contains("notifications/message"));
        assertTrue(answer.events().get(1).data().contains("\"text\":\"done\""));
    }
}
