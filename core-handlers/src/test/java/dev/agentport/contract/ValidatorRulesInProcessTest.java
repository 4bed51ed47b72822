package dev.agentport.contract;

import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.validate.Contract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.stream.Stream;

/**
 * The core, with no server around it, passes every rule of the validate-contract command; with the local adapter on,
 * every rule of /run-task too.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ValidatorRulesInProcessTest {

    private final InProcessTarget core = new InProcessTarget();
    private final InProcessTarget withLocalAdapter = new InProcessTarget(
            new DefaultAgent(Duration.ofMillis(Long.parseLong(ContractCases.ENV.get("DEFAULT_AGENT_WORD_DELAY_MS")))),
            LocalAdapterCases.ENV);

    @AfterAll
    void stop() {
        core.close();
        withLocalAdapter.close();
    }

    @TestFactory
    Stream<DynamicContainer> the_core_passes_every_rule_of_validate_contract() {
        return ValidatorRules.against(core);
    }

    @TestFactory
    Stream<DynamicContainer> the_local_adapter_passes_every_rule_of_run_task() {
        return ValidatorRules.against(withLocalAdapter, Contract.RUN_TASK);
    }
}
