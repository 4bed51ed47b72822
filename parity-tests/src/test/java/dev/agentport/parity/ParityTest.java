package dev.agentport.parity;

import dev.agentport.contract.ContractCase;
import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.HttpTarget;
import dev.agentport.contract.ValidatorRules;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * The parity suite: every target is started through its {@code run-local} script (Helidon; Lambda through the real
 * runtime interface client, buffered, and through the custom streaming runtime; Cloud Functions through the real
 * Functions Framework invoker). Each must pass every contract case on its own, and each must answer every case
 * exactly as the reference target does, except for generated ids and transport-only headers.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ParityTest {

    private final Map<TargetDefinition, LocalRunner> runners = new LinkedHashMap<>();
    private final Map<TargetDefinition, HttpTarget> targets = new LinkedHashMap<>();

    @BeforeAll
    void startTargets() throws Exception {
        Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
        List<CompletableFuture<LocalRunner>> starting = new ArrayList<>();
        for (TargetDefinition definition : TargetDefinition.selected()) {
            starting.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return LocalRunner.start(root, definition.name(), definition.script(), definition.env());
                } catch (Exception e) {
                    throw new IllegalStateException("could not start " + definition.name() + ": " + e.getMessage(),
                            e);
                }
            }));
        }
        List<TargetDefinition> definitions = TargetDefinition.selected();
        for (int i = 0; i < definitions.size(); i++) {
            LocalRunner runner = starting.get(i).join();
            runners.put(definitions.get(i), runner);
            targets.put(definitions.get(i), new HttpTarget(definitions.get(i).name(), runner.baseUrl(),
                    definitions.get(i).progressive()));
        }
    }

    @AfterAll
    void stopTargets() throws Exception {
        for (LocalRunner runner : runners.values()) {
            runner.close();
        }
    }

    @TestFactory
    Stream<DynamicContainer> every_target_keeps_every_contract_rule() {
        return targets.values().stream().map(target ->
                DynamicContainer.dynamicContainer(target.name(), ContractSuite.against(target)));
    }

    @TestFactory
    Stream<DynamicContainer> every_target_passes_every_rule_of_validate_contract() {
        return targets.values().stream().map(target ->
                DynamicContainer.dynamicContainer(target.name(), ValidatorRules.against(target)));
    }

    @TestFactory
    Stream<DynamicTest> every_target_answers_every_case_like_the_reference() {
        return ContractSuite.everyCase().stream().map(contractCase ->
                DynamicTest.dynamicTest(contractCase.name(),
                        () -> SameAnswers.assertSameAnswers(contractCase, targets.values())));
    }
}
