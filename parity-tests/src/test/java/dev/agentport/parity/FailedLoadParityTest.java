package dev.agentport.parity;

import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.FailedLoadCases;
import dev.agentport.parity.agent.FailingToLoadAgent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;
import java.util.stream.Stream;

/**
 * Every target serving a user's agent whose {@code load()} fails, plugged in through ServiceLoader as the README
 * describes: each must answer the {@link FailedLoadCases#all()} rules (503 with {@code Retry-After}) like the reference.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FailedLoadParityTest {

    private PluggedTargets targets;

    @BeforeAll
    void startTargets() throws Exception {
        targets = PluggedTargets.start(FailingToLoadAgent.class, Map.of(), "failed");
    }

    @AfterAll
    void stopTargets() throws Exception {
        targets.close();
    }

    @TestFactory
    Stream<DynamicContainer> every_target_keeps_the_failed_load_rules() {
        return targets.targets().values().stream().map(target -> DynamicContainer.dynamicContainer(target.name(),
                ContractSuite.against(target, FailedLoadCases.all())));
    }

    @TestFactory
    Stream<DynamicTest> every_target_answers_a_failed_load_like_the_reference() {
        return FailedLoadCases.all().stream().map(contractCase -> DynamicTest.dynamicTest(contractCase.name(),
                () -> SameAnswers.assertSameAnswers(contractCase, targets.targets().values())));
    }
}
