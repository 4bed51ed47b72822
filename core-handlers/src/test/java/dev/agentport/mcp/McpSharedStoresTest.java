package dev.agentport.mcp;

import dev.agentport.session.McpSessionStore;
import dev.agentport.session.InMemoryMcpSessionStore;
import dev.agentport.AgentPort;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.session.SessionStore;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Nothing of a session lives outside the stores: two cores sharing them serve one session alike. */
class McpSharedStoresTest {

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    static String send(String message) {
        return "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\","
                + "\"arguments\":{\"message\":\"" + message + "\"}}}";
    }

    private static InProcessTarget core(SessionStore conversations, McpSessionStore sessions) {
        McpSettings settings = McpSettings.fromEnvironment(Map.of("AGENT_MCP_SESSIONS", "store"));
        return new InProcessTarget(AgentPort.builder().agent(new DefaultAgent())
                .config(RuntimeConfig.fromEnvironment(Map.of()))
                .sessionStore(conversations)
                .face(new McpFace(settings, sessions, null, List.of()))
                .build());
    }

    private static CaseRequest in(String session, String body) {
        return McpTesting.post(body).header("Mcp-Session-Id", session).build();
    }

    @Test
    void a_session_begun_on_one_core_continues_on_another_sharing_its_stores() throws Exception {
        SessionStore conversations = new InMemorySessionStore();
        McpSessionStore sessions = new InMemoryMcpSessionStore(Duration.ofHours(1));
        InProcessTarget first = core(conversations, sessions);
        InProcessTarget second = core(conversations, sessions);

        String session = first.send(McpTesting.post(INITIALIZE).build()).header("Mcp-Session-Id");
        first.send(in(session, send("one")));
        Exchange answer = second.send(in(session, send("two")));
        assertEquals("You said \"two\". Before that you said \"one\". This is turn 2 of this session.",
                answer.json().at("/result/content/0/text").asText(), answer.toString());

        assertEquals(204, second.send(CaseRequest.method("DELETE", "/mcp").header("Mcp-Session-Id", session)
                .build()).status());
        assertEquals(404, first.send(in(session, send("three"))).status());
    }
}
