package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.Target;
import dev.agentport.runtime.RuntimeConfig;

import java.util.List;
import java.util.Map;

/** Cores with an MCP face of the test's own, and the calls the tests make on them. */
public final class McpTesting {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private McpTesting() {
    }

    public static AgentPort core(Agent agent, Map<String, String> env, McpSettings settings) {
        return AgentPort.builder().agent(agent).config(RuntimeConfig.fromEnvironment(env))
                .face(new McpFace(settings, null, null, List.of())).build();
    }

    public static CaseRequest.Builder post(String json) {
        return CaseRequest.post("/mcp").header("Accept", "application/json, text/event-stream").json(json);
    }

    /** Calls {@code get_health} and returns its JSON. */
    public static JsonNode health(Target target) throws Exception {
        Exchange answer = target.send(post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"get_health\",\"arguments\":{}}}").build());
        return MAPPER.readTree(answer.json().at("/result/content/0/text").asText());
    }
}
