package dev.agentport.parity;

import dev.agentport.contract.BoundedRunCases;
import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.HttpTarget;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.testing.HangingAgent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Every target serving an agent whose model call hangs, with a run timeout of {@value BoundedRunCases#RUN_TIMEOUT_SECONDS}
 * s: each face's main calls end with the face's timeout shape at the run timeout, on Helidon, both Lambda modes and
 * Cloud Functions alike (on Lambda before the function's own timeout, which would hold the instance).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BoundedRunParityTest {

    private PluggedTargets targets;
    private ServerJar local;

    @BeforeAll
    void startTargets() throws Exception {
        targets = PluggedTargets.start(HangingAgent.class, BoundedRunCases.ENV, "healthy");
    }

    @AfterAll
    void stopTargets() throws Exception {
        targets.close();
        if (local != null) {
            local.close();
        }
    }

    /** The local adapter is served by the Helidon server only: Lambda and Cloud Functions refuse to start with it. */
    @TestFactory
    Stream<DynamicTest> the_local_adapters_runs_end_at_the_run_timeout_on_helidon() throws Exception {
        Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
        Path agent = PluggedAgent.jar(Files.createTempDirectory("agentport-hanging-agent-"), HangingAgent.class);
        Map<String, String> env = new HashMap<>(BoundedRunCases.ENV);
        env.put("AGENT_LOCAL_ADAPTER", "true");
        local = ServerJar.start(root, List.of(agent), env);
        return ContractSuite.againstWithin(new HttpTarget("helidon-local", local.baseUrl, true),
                BoundedRunCases.localAdapter(), BoundedRunCases.MAX_MILLIS);
    }

    @TestFactory
    Stream<DynamicContainer> every_targets_runs_end_at_the_run_timeout() {
        return targets.targets().values().stream().map(target -> DynamicContainer.dynamicContainer(target.name(),
                ContractSuite.againstWithin(target, BoundedRunCases.all(), BoundedRunCases.MAX_MILLIS)));
    }
}
