package dev.agentport.mcp;

import dev.agentport.contract.ContractCases;
import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.contract.McpCases;
import dev.agentport.defaultagent.DefaultAgent;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.Map;
import java.util.stream.Stream;

/** The rules of session mode ({@code AGENT_MCP_SESSIONS=store}) on the core. */
class McpSessionRulesTest {

    @TestFactory
    Stream<DynamicTest> sessionMode() {
        return ContractSuite.against(new InProcessTarget(McpTesting.core(new DefaultAgent(), ContractCases.ENV,
                McpSettings.fromEnvironment(Map.of("AGENT_MCP_SESSIONS", "store")))), McpCases.sessions());
    }
}
