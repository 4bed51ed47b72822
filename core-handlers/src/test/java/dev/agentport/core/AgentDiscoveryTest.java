package dev.agentport.core;

import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Which agent the core serves, as {@code agent()} reports it: given, else discovered, else the default agent. */
class AgentDiscoveryTest {

    @Test
    void the_agent_given_to_the_builder_is_served() {
        Agent given = new DefaultAgent();
        assertSame(given, AgentPort.builder().agent(given).config(RuntimeConfig.defaults()).build().agent());
    }

    @Test
    void without_one_the_agent_listed_in_meta_inf_services_is_served(@TempDir Path classpath) throws Exception {
        Path services = Files.createDirectories(classpath.resolve("META-INF/services"));
        Files.writeString(services.resolve(Agent.class.getName()), TestAgents.Endless.class.getName() + "\n");
        Thread thread = Thread.currentThread();
        ClassLoader original = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classpath.toUri().toURL()}, original)) {
            thread.setContextClassLoader(loader);
            assertInstanceOf(TestAgents.Endless.class,
                    AgentPort.builder().config(RuntimeConfig.defaults()).build().agent());
        } finally {
            thread.setContextClassLoader(original);
        }
    }

    @Test
    void without_one_and_none_listed_the_default_agent_is_served() {
        assertInstanceOf(DefaultAgent.class, AgentPort.builder().config(RuntimeConfig.defaults()).build().agent());
    }
}
