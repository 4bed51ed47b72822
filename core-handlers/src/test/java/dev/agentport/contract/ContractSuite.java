package dev.agentport.contract;

import org.junit.jupiter.api.DynamicTest;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs every contract case against one target, as JUnit dynamic tests named after the rules. */
public final class ContractSuite {

    private ContractSuite() {
    }

    public static Stream<DynamicTest> against(Target target) {
        return against(target, everyCase());
    }

    /** The cases of every face every target serves: AgentBreeder's, then Daedalus's, then MCP's. */
    public static List<ContractCase> everyCase() {
        List<ContractCase> cases = new ArrayList<>(ContractCases.all());
        cases.addAll(DaedalusCases.all());
        cases.addAll(McpCases.all());
        return cases;
    }

    public static Stream<DynamicTest> against(Target target, List<ContractCase> cases) {
        String run = UUID.randomUUID().toString().substring(0, 8);
        return cases.stream().map(contractCase -> DynamicTest.dynamicTest(contractCase.name(),
                () -> run(target, contractCase, run)));
    }

    /** Sends the setup requests (each must succeed), then the request under test, and checks the answer. */
    public static Exchange run(Target target, ContractCase contractCase, String run) throws Exception {
        for (CaseRequest setup : contractCase.setup()) {
            Exchange answer = target.send(setup.resolve(run));
            assertTrue(answer.status() < 300, "setup of " + contractCase.name() + " failed: " + answer);
        }
        Exchange answer = target.send(contractCase.request().resolve(run));
        ContractCases.assertCommonRules(answer);
        contractCase.check().verify(answer, target);
        return answer;
    }
}
