package dev.agentport.core;

import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.modelagent.ModelAgentProvider;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.runtime.Settings;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Which agent the core serves, as {@code agent()} reports it: given, else the model agent named by
 * {@code AGENT_MODEL_PROVIDER}, else discovered, else the default agent.
 */
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

    @Test
    void the_model_agent_agent_model_provider_names_is_served_before_a_discovered_one(@TempDir Path classpath)
            throws Exception {
        Files.createDirectories(classpath.resolve("META-INF/services"));
        Files.writeString(classpath.resolve("META-INF/services/" + Agent.class.getName()),
                TestAgents.Endless.class.getName() + "\n");
        Files.writeString(classpath.resolve("META-INF/services/" + ModelAgentProvider.class.getName()),
                ScriptedProvider.class.getName() + "\n");
        Agent served = withClassPath(classpath, () -> AgentPort.builder()
                .settings(Settings.of(Map.of("AGENT_MODEL_PROVIDER", "scripted"))).build().agent());
        assertSame(ScriptedProvider.AGENT, served);
    }

    @Test
    void a_model_provider_no_jar_serves_stops_start_up_naming_the_variable_and_the_known_ones(@TempDir Path classpath)
            throws Exception {
        Files.createDirectories(classpath.resolve("META-INF/services"));
        Files.writeString(classpath.resolve("META-INF/services/" + ModelAgentProvider.class.getName()),
                ScriptedProvider.class.getName() + "\n");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> withClassPath(classpath, () -> AgentPort.builder()
                        .settings(Settings.of(Map.of("AGENT_MODEL_PROVIDER", "nosuch"))).build()));
        assertEquals("AGENT_MODEL_PROVIDER names nosuch, which no model agent on the class path serves; known: scripted",
                refused.getMessage());
    }

    private static <T> T withClassPath(Path classpath, Supplier<T> action) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader original = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classpath.toUri().toURL()}, original)) {
            thread.setContextClassLoader(loader);
            return action.get();
        } finally {
            thread.setContextClassLoader(original);
        }
    }

    /** A model provider named {@code scripted}, serving one agent. */
    public static final class ScriptedProvider implements ModelAgentProvider {
        static final Agent AGENT = new TestAgents.Endless();

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public Agent create(Settings settings) {
            return AGENT;
        }
    }
}
