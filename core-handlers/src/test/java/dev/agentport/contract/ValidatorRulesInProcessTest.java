package dev.agentport.contract;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.util.stream.Stream;

/** The core, with no server around it, passes every rule of the validate-contract command. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ValidatorRulesInProcessTest {

    private final InProcessTarget core = new InProcessTarget();

    @AfterAll
    void stop() {
        core.close();
    }

    @TestFactory
    Stream<DynamicContainer> the_core_passes_every_rule_of_validate_contract() {
        return ValidatorRules.against(core);
    }
}
