package dev.agentport.helidon;

import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.HttpTarget;
import dev.agentport.helidon.example.GreeterAgent;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;

import dev.agentport.agent.Agent;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The two ways a user plugs in an agent: passing it to the builder, and ServiceLoader discovery. */
class PluggingInAnAgentTest {

    @Test
    void an_agent_passed_to_the_builder_is_served() throws Exception {
        AgentPortServer server = AgentPortServer.builder().agent(new GreeterAgent())
                .config(RuntimeConfig.fromEnvironment(Map.of("PORT", "0"))).build().start();
        try {
            server.awaitLoaded(Duration.ofSeconds(10)); // start() loads the agent in the background
            Exchange answer = new HttpTarget("helidon", "http://127.0.0.1:" + server.port(), true)
                    .send(CaseRequest.post("/invoke").json("{\"input\":\"Ada\"}").build());
            assertEquals("Hello, Ada!", answer.json().get("output").asText());
        } finally {
            server.stop();
        }
    }

    @Test
    void an_agent_listed_in_meta_inf_services_is_discovered(@TempDir Path classpath) throws Exception {
        // What a user's jar holds: META-INF/services/dev.agentport.agent.Agent naming the agent class.
        Path services = Files.createDirectories(classpath.resolve("META-INF/services"));
        Files.writeString(services.resolve(Agent.class.getName()), GreeterAgent.class.getName() + "\n");
        Thread thread = Thread.currentThread();
        ClassLoader original = thread.getContextClassLoader();
        AgentPortServer server;
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classpath.toUri().toURL()}, original)) {
            thread.setContextClassLoader(loader);
            server = AgentPortServer.builder().config(RuntimeConfig.fromEnvironment(Map.of("PORT", "0"))).build()
                    .start();
        } finally {
            thread.setContextClassLoader(original);
        }
        try {
            server.awaitLoaded(Duration.ofSeconds(10));
            Exchange health = new HttpTarget("helidon", "http://127.0.0.1:" + server.port(), true)
                    .send(CaseRequest.get("/health").build());
            assertEquals("greeter", health.json().get("agent_name").asText());
            assertEquals("plain-java", health.json().get("framework").asText());
            Exchange answer = new HttpTarget("helidon", "http://127.0.0.1:" + server.port(), true)
                    .send(CaseRequest.post("/invoke").json("{\"input\":\"Ada\"}").build());
            assertEquals("Hello, Ada!", answer.json().get("output").asText());
        } finally {
            server.stop();
        }
    }
}
