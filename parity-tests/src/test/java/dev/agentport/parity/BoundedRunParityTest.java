package dev.agentport.parity;

import dev.agentport.contract.BoundedRunCases;
import dev.agentport.contract.ContractSuite;
import dev.agentport.testing.HangingAgent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.util.stream.Stream;

/**
 * Every target serving an agent whose model call hangs, with a run timeout of {@value BoundedRunCases#RUN_TIMEOUT_SECONDS}
 * s: each face's main calls end with the face's timeout shape at the run timeout, on Helidon, both Lambda modes and
 * Cloud Functions alike (on Lambda before the function's own timeout, which would hold the instance).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BoundedRunParityTest {

    private PluggedTargets targets;

    @BeforeAll
    void startTargets() throws Exception {
        targets = PluggedTargets.start(HangingAgent.class, BoundedRunCases.ENV, "healthy");
    }

    @AfterAll
    void stopTargets() throws Exception {
        targets.close();
    }

    @TestFactory
    Stream<DynamicContainer> every_targets_runs_end_at_the_run_timeout() {
        return targets.targets().values().stream().map(target -> DynamicContainer.dynamicContainer(target.name(),
                ContractSuite.againstWithin(target, BoundedRunCases.all(), BoundedRunCases.MAX_MILLIS)));
    }
}
