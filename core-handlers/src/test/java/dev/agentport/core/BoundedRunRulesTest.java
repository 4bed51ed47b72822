package dev.agentport.core;

import dev.agentport.contract.BoundedRunCases;
import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.testing.HangingAgent;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/** On the core, every face's main calls end at the run timeout with the face's timeout shape, however the agent hangs. */
class BoundedRunRulesTest {

    @TestFactory
    Stream<DynamicTest> every_faces_runs_end_at_the_run_timeout() {
        return ContractSuite.againstWithin(new InProcessTarget(new HangingAgent(), BoundedRunCases.ENV),
                BoundedRunCases.all(), BoundedRunCases.MAX_MILLIS);
    }

    @TestFactory
    Stream<DynamicTest> the_local_adapters_runs_end_at_the_run_timeout() {
        Map<String, String> env = new HashMap<>(BoundedRunCases.ENV);
        env.put("AGENT_LOCAL_ADAPTER", "true");
        return ContractSuite.againstWithin(new InProcessTarget(new HangingAgent(), env),
                BoundedRunCases.localAdapter(), BoundedRunCases.MAX_MILLIS);
    }
}
