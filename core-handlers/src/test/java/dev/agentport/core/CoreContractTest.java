package dev.agentport.core;

import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.InProcessTarget;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

/** Every contract rule, checked on the core's handlers directly, with no server. */
class CoreContractTest {

    @TestFactory
    Stream<DynamicTest> agentBreederContract() {
        return ContractSuite.against(new InProcessTarget());
    }
}
