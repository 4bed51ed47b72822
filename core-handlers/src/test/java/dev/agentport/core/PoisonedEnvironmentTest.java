package dev.agentport.core;

import dev.agentport.AgentPort;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.runtime.Settings;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Settings given in code are the only ones read. A JVM cannot change its own environment, so this class runs in a
 * surefire execution of its own (core-handlers' pom) whose environment sets a value that stops start-up for each
 * setting the core, the MCP face and the default agent parse: a core that still read the process environment
 * anywhere would fail to build here. Elsewhere (a -Dtest filter in the plain execution) it is skipped.
 */
class PoisonedEnvironmentTest {

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    @BeforeAll
    static void theEnvironmentIsPoisoned() {
        assumeTrue(Boolean.getBoolean("poisoned.environment"), "runs only in the poisoned-environment execution");
        assertEquals("bogus://nowhere", System.getenv("AGENT_STATE_STORE"), "the execution sets the environment");
        assertThrows(IllegalArgumentException.class, () -> AgentPort.builder().build(),
                "a core that reads the environment fails to start in this one");
    }

    @Test
    void a_core_given_its_config_takes_defaults_for_the_rest_not_the_environment() {
        AgentPort core = AgentPort.builder().config(RuntimeConfig.defaults()).build();

        assertInstanceOf(DefaultAgent.class, core.agent());
        assertTrue(core.faces().contains("mcp"), core.faces().toString());
        assertNull(initialize(core).header("Mcp-Session-Id"), "AGENT_MCP_SESSIONS takes its default, stateless");
    }

    @Test
    void a_core_given_settings_reads_them_and_only_them() {
        AgentPort core = AgentPort.builder().settings(Settings.of(Map.of("AGENT_MCP_SESSIONS", "store",
                "AGENT_MCP_STATE_KEY", "k".repeat(40), "DEFAULT_AGENT_WORD_DELAY_MS", "0"))).build();

        assertNotNull(initialize(core).header("Mcp-Session-Id"), "AGENT_MCP_SESSIONS=store from the settings");
        assertEquals(RuntimeConfig.defaults().faces(), core.config().faces(), "AGENT_FACES takes its default");
    }

    @Test
    void an_invalid_value_in_the_given_settings_stops_start_up_naming_its_variable() {
        IllegalArgumentException store = assertThrows(IllegalArgumentException.class, () -> AgentPort.builder()
                .settings(Settings.of(Map.of("AGENT_STATE_STORE", "etcd://localhost:2379"))).build());
        assertTrue(store.getMessage().startsWith("AGENT_STATE_STORE names the scheme etcd"), store.getMessage());

        IllegalArgumentException mcp = assertThrows(IllegalArgumentException.class, () -> AgentPort.builder()
                .settings(Settings.of(Map.of("AGENT_MCP_SESSIONS", "sometimes"))).build());
        assertTrue(mcp.getMessage().startsWith("AGENT_MCP_SESSIONS must be stateless or store"), mcp.getMessage());

        IllegalArgumentException budget = assertThrows(IllegalArgumentException.class, () -> AgentPort.builder()
                .settings(Settings.of(Map.of("DEFAULT_AGENT_CONTEXT_BUDGET_TOKENS", "5"))).build());
        assertTrue(budget.getMessage().startsWith("DEFAULT_AGENT_CONTEXT_BUDGET_TOKENS "), budget.getMessage());
    }

    private static Exchange initialize(AgentPort core) {
        try {
            return new InProcessTarget(core).send(CaseRequest.post("/mcp")
                    .header("Accept", "application/json, text/event-stream").json(INITIALIZE).build());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
