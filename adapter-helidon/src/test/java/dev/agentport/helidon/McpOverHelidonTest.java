package dev.agentport.helidon;

import dev.agentport.session.McpSessionStore;
import dev.agentport.session.InMemoryMcpSessionStore;
import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.HttpTarget;
import dev.agentport.contract.McpCases;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.mcp.Downstream;
import dev.agentport.mcp.DownstreamProbe;
import dev.agentport.mcp.FakeDownstream;
import dev.agentport.mcp.McpFace;
import dev.agentport.mcp.McpSettings;
import dev.agentport.mcp.McpTesting;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.session.SessionStore;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MCP face on real Helidon servers: session mode, sessions shared through the stores, the WebClient probe. */
class McpOverHelidonTest {

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    private static AgentPortServer server(McpFace face, SessionStore conversations) throws InterruptedException {
        return AgentPortServer.builder()
                .agent(new DefaultAgent())
                .config(RuntimeConfig.fromEnvironment(Map.of("PORT", "0")))
                .sessionStore(conversations)
                .face(face)
                .build()
                .start()
                .awaitLoaded(Duration.ofSeconds(30));
    }

    private static McpFace stateful(McpSessionStore sessions) {
        return new McpFace(McpSettings.fromEnvironment(Map.of("AGENT_MCP_SESSIONS", "store")), sessions,
                new HelidonDownstreamProbe(), List.of());
    }

    private static HttpTarget target(AgentPortServer server) {
        return new HttpTarget("helidon", "http://127.0.0.1:" + server.port(), true);
    }

    private static String send(String message) {
        return "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\","
                + "\"arguments\":{\"message\":\"" + message + "\"}}}";
    }

    @TestFactory
    Stream<DynamicTest> sessionModeOnHelidon() throws InterruptedException {
        AgentPortServer server = server(stateful(new InMemoryMcpSessionStore(Duration.ofHours(1))),
                new InMemorySessionStore());
        return Stream.concat(ContractSuite.against(target(server), McpCases.sessions()),
                Stream.of(DynamicTest.dynamicTest("stop", server::stop)));
    }

    @Test
    void a_session_begun_on_one_server_continues_on_a_second_sharing_its_stores() throws Exception {
        SessionStore conversations = new InMemorySessionStore();
        McpSessionStore sessions = new InMemoryMcpSessionStore(Duration.ofHours(1));
        AgentPortServer first = server(stateful(sessions), conversations);
        AgentPortServer second = server(stateful(sessions), conversations);
        try {
            String session = target(first).send(McpTesting.post(INITIALIZE).build()).header("Mcp-Session-Id");
            target(first).send(McpTesting.post(send("one")).header("Mcp-Session-Id", session).build());
            Exchange answer = target(second).send(McpTesting.post(send("two")).header("Mcp-Session-Id", session)
                    .build());
            assertEquals("You said \"two\". Before that you said \"one\". This is turn 2 of this session.",
                    answer.json().at("/result/content/0/text").asText(), answer.toString());
            assertEquals(204, target(second).send(CaseRequest.method("DELETE", "/mcp")
                    .header("Mcp-Session-Id", session).build()).status());
            assertEquals(404, target(first).send(McpTesting.post(send("three"))
                    .header("Mcp-Session-Id", session).build()).status());
        } finally {
            first.stop();
            second.stop();
        }
    }

    @Test
    void get_health_answers_within_one_second_through_webclient_while_a_downstream_hangs() throws Exception {
        try (FakeDownstream argos = FakeDownstream.hanging(5_000);
             FakeDownstream gitea = FakeDownstream.answering()) {
            McpSettings settings = McpSettings.fromEnvironment(Map.of()).withDownstream(List.of(
                    new Downstream("argos", argos.url()), new Downstream("gitea", gitea.url())));
            AgentPortServer server = server(new McpFace(settings, null, new HelidonDownstreamProbe(), List.of()),
                    new InMemorySessionStore());
            try {
                long started = System.nanoTime();
                JsonNode health = McpTesting.health(target(server));
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                assertTrue(took.compareTo(Duration.ofSeconds(1)) < 0, "took " + took);
                assertEquals("degraded", health.get("status").asText(), health.toString());
                assertTrue(health.get("message").asText().startsWith("argos"), health.toString());
                assertEquals(List.of("POST null", "DELETE down-1"), gitea.requests());
            } finally {
                server.stop();
            }
        }
    }

    @Test
    void the_helidon_server_probes_with_webclient() {
        assertInstanceOf(HelidonDownstreamProbe.class,
                ServiceLoader.load(DownstreamProbe.class).findFirst().orElseThrow());
    }
}
