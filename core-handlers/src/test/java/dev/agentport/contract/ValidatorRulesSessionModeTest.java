package dev.agentport.contract;

import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.mcp.McpSettings;
import dev.agentport.mcp.McpTesting;
import dev.agentport.validate.Contract;
import dev.agentport.validate.Outcome;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Report;
import dev.agentport.validate.Result;
import dev.agentport.validate.Settings;
import dev.agentport.validate.Validator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The core in MCP session mode ({@code AGENT_MCP_SESSIONS=store}) passes every MCP rule of the validate-contract
 * command, the session rules included, which a server without sessions skips.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ValidatorRulesSessionModeTest {

    private final InProcessTarget core = new InProcessTarget(McpTesting.core(new DefaultAgent(), ContractCases.ENV,
            McpSettings.fromEnvironment(Map.of("AGENT_MCP_SESSIONS", "store"))));

    @AfterAll
    void stop() {
        core.close();
    }

    @TestFactory
    Stream<DynamicContainer> the_core_in_session_mode_passes_every_mcp_rule() {
        return ValidatorRules.against(core, Contract.MCP);
    }

    @Test
    void the_session_rules_are_checked_in_session_mode() {
        Report report = Validator.standard().validate("core", new Probe(ValidatorRules.transport(core),
                ContractCases.TOKEN), Set.of(Contract.MCP), Settings.DEFAULTS);
        for (Result result : report.results()) {
            if (result.rule().number().startsWith("3.")) {
                assertEquals(Outcome.PASS, result.outcome(), result.rule().id() + ": " + result.reason());
            }
        }
    }
}
