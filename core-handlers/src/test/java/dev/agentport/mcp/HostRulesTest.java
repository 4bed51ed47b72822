package dev.agentport.mcp;

import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Host and Origin are checked against the allow-list; loopback and the public URL's host always pass. */
class HostRulesTest {

    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";

    private static InProcessTarget target(Map<String, String> env) {
        return new InProcessTarget(McpTesting.core(new DefaultAgent(), env, McpSettings.fromEnvironment(env)));
    }

    private static int status(InProcessTarget target, String header, String value) throws Exception {
        Exchange answer = target.send(McpTesting.post(PING).header(header, value).build());
        return answer.status();
    }

    @Test
    void a_host_outside_the_allow_list_is_403() throws Exception {
        InProcessTarget target = target(Map.of("AGENT_MCP_ALLOWED_HOSTS", "agents.example.com"));
        assertEquals(403, status(target, "Host", "rebound.example.net"));
        assertEquals(403, status(target, "Host", "rebound.example.net:8080"));
    }

    @Test
    void loopback_hosts_are_always_allowed() throws Exception {
        InProcessTarget target = target(Map.of());
        assertEquals(200, status(target, "Host", "localhost:8080"));
        assertEquals(200, status(target, "Host", "127.0.0.1"));
        assertEquals(200, status(target, "Host", "[::1]:9000"));
    }

    @Test
    void a_host_of_the_allow_list_is_allowed_with_or_without_its_port() throws Exception {
        InProcessTarget target = target(Map.of("AGENT_MCP_ALLOWED_HOSTS", "agents.example.com, other:8443"));
        assertEquals(200, status(target, "Host", "agents.example.com"));
        assertEquals(200, status(target, "Host", "agents.example.com:443"));
        assertEquals(200, status(target, "Host", "other:8443"));
        assertEquals(403, status(target, "Host", "other:9999"));
    }

    @Test
    void the_public_urls_host_is_allowed() throws Exception {
        InProcessTarget target = target(Map.of("AGENT_PUBLIC_URL", "https://agent.example.org"));
        assertEquals(200, status(target, "Host", "agent.example.org"));
        assertEquals(200, status(target, "Origin", "https://agent.example.org"));
    }

    @Test
    void a_foreign_or_null_origin_is_403() throws Exception {
        InProcessTarget target = target(Map.of("AGENT_MCP_ALLOWED_HOSTS", "agents.example.com"));
        assertEquals(403, status(target, "Origin", "https://evil.example"));
        assertEquals(403, status(target, "Origin", "null"));
        assertEquals(200, status(target, "Origin", "https://agents.example.com"));
        assertEquals(200, status(target, "Origin", "http://127.0.0.1:5173"));
    }

    @Test
    void a_star_allows_any_host() throws Exception {
        InProcessTarget target = target(Map.of("AGENT_MCP_ALLOWED_HOSTS", "*"));
        assertEquals(200, status(target, "Host", "anything.example"));
    }
}
