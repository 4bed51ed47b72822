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

    /**
     * The cases of every face every target serves: AgentBreeder's, Daedalus's, A2A JSON-RPC's, A2A HTTP+JSON's,
     * MCP's (its tasks extension's last), then AgentCore Runtime's.
     */
    public static List<ContractCase> everyCase() {
        List<ContractCase> cases = new ArrayList<>(ContractCases.all());
        cases.addAll(DaedalusCases.all());
        cases.addAll(A2aJsonRpcCases.all());
        cases.addAll(A2aRestCases.all());
        cases.addAll(McpCases.all());
        cases.addAll(McpTaskCases.all());
        cases.addAll(AgentCoreCases.all());
        return cases;
    }

    public static Stream<DynamicTest> against(Target target, List<ContractCase> cases) {
        String run = UUID.randomUUID().toString().substring(0, 8);
        return cases.stream().map(contractCase -> DynamicTest.dynamicTest(contractCase.name(),
                () -> run(target, contractCase, run)));
    }

    /** As {@link #against(Target, List)}, each case's request answered in full within {@code maxMillis}. */
    public static Stream<DynamicTest> againstWithin(Target target, List<ContractCase> cases, long maxMillis) {
        String run = UUID.randomUUID().toString().substring(0, 8);
        return cases.stream().map(contractCase -> DynamicTest.dynamicTest(contractCase.name(), () -> {
            ContractCase timed = contractCase;
            long[] start = new long[1];
            for (CaseRequest setup : timed.setup()) {
                Exchange answer = target.send(setup.resolve(run));
                assertTrue(answer.status() < 300, "setup of " + timed.name() + " failed: " + answer);
            }
            start[0] = System.nanoTime();
            Exchange answer = target.send(timed.request().resolve(run));
            long millis = (System.nanoTime() - start[0]) / 1_000_000;
            assertTrue(millis <= maxMillis, timed.name() + " took " + millis + " ms, more than " + maxMillis);
            ContractCases.assertCommonRules(answer);
            timed.check().verify(answer, target);
        }));
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
