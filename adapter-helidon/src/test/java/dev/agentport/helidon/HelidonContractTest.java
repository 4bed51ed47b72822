package dev.agentport.helidon;

import dev.agentport.contract.ContractCases;
import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.HttpTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/** Every contract rule, checked from outside against the Helidon server on a random port. */
class HelidonContractTest {

    private static AgentPortServer server;

    @BeforeAll
    static void start() throws InterruptedException {
        Map<String, String> env = new HashMap<>(ContractCases.ENV);
        env.put("PORT", "0");
        server = AgentPortServer.builder()
                .agent(new DefaultAgent(Duration.ofMillis(25)))
                .config(RuntimeConfig.fromEnvironment(env))
                .build()
                .start()
                .awaitLoaded(Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @TestFactory
    Stream<DynamicTest> agentBreederContract() {
        return ContractSuite.against(new HttpTarget("helidon", "http://127.0.0.1:" + server.port(), true));
    }
}
