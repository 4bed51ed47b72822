package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.AgentPort;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** 2026-07-28's custom headers (SEP-2243): an argument whose schema names a header travels in it too. */
class McpParamHeaderRulesTest {

    private static final McpTool REGIONAL = new McpTool() {
        @Override
        public ObjectNode definition() {
            ObjectNode tool = Json.object().put("name", "regional").put("description", "takes a region");
            ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
            schema.putObject("properties").putObject("region").put("type", "string")
                    .put(ParamHeaders.ANNOTATION, "Region");
            return tool;
        }

        @Override
        public ObjectNode call(ObjectNode arguments, McpCall call) {
            return ToolResults.text("region " + arguments.path("region").asText());
        }
    };

    private final InProcessTarget target = new InProcessTarget(AgentPort.builder().agent(new DefaultAgent())
            .config(RuntimeConfig.fromEnvironment(Map.of()))
            .face(new McpFace(McpSettings.fromEnvironment(Map.of()), null, null, List.of(new McpExtension() {
                @Override
                public List<McpTool> tools() {
                    return List.of(REGIONAL);
                }
            })))
            .build());

    private Exchange call(String region, String header) throws Exception {
        ObjectNode params = Modern.toolCall("regional");
        if (region != null) {
            ((ObjectNode) params.get("arguments")).put("region", region);
        }
        ObjectNode body = Json.object().put("jsonrpc", "2.0").put("id", 1).put("method", "tools/call");
        body.set("params", params);
        CaseRequest.Builder request = McpTesting.post(Json.write(body))
                .header("MCP-Protocol-Version", Modern.VERSION).header("Mcp-Method", "tools/call")
                .header("Mcp-Name", "regional");
        if (header != null) {
            request.header("Mcp-Param-Region", header);
        }
        return target.send(request.build());
    }

    private static void refused(Exchange answer) {
        assertEquals(400, answer.status(), answer.toString());
        assertEquals(McpError.HEADER_MISMATCH, answer.json().at("/error/code").asInt(), answer.toString());
    }

    @Test
    void the_header_carrying_the_bodys_value_is_accepted() throws Exception {
        Exchange answer = call("eu-west", " eu-west ");
        assertEquals("region eu-west", answer.json().at("/result/content/0/text").asText(), answer.toString());
    }

    @Test
    void a_base64_header_is_decoded_before_it_is_compared() throws Exception {
        Exchange answer = call("Hello", "=?base64?SGVsbG8=?=");
        assertEquals("region Hello", answer.json().at("/result/content/0/text").asText(), answer.toString());
    }

    @Test
    void a_value_without_the_whole_base64_wrapper_is_taken_literally() throws Exception {
        Exchange answer = call("=?base64?SGVsbG8=", "=?base64?SGVsbG8=");
        assertEquals("region =?base64?SGVsbG8=", answer.json().at("/result/content/0/text").asText(),
                answer.toString());
    }

    @Test
    void base64_without_its_padding_or_with_other_characters_is_refused() throws Exception {
        refused(call("Hello", "=?base64?SGVsbG8?="));
        refused(call("Hello", "=?base64?SGVs!!!bG8=?="));
    }

    @Test
    void a_missing_or_different_header_is_refused() throws Exception {
        refused(call("eu-west", null));
        refused(call("eu-west", "us-east"));
        refused(call(null, "eu-west"));
    }
}
