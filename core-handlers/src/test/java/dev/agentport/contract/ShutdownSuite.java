package dev.agentport.contract;

import org.junit.jupiter.api.function.Executable;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sends every case's request at once (after its setup), shuts the target down while they run, then checks every
 * answer: the rule for calls that a shutdown cuts, on any target.
 */
public final class ShutdownSuite {

    /** Shuts the target down once its runs are in progress. */
    @FunctionalInterface
    public interface Shutdown {
        void once(int runsStarted) throws Exception;
    }

    private ShutdownSuite() {
    }

    public static void assertEveryCallEndsInItsShape(Target target, List<ContractCase> cases, Shutdown shutdown)
            throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        for (ContractCase contractCase : cases) {
            for (CaseRequest setup : contractCase.setup()) {
                Exchange answer = target.send(setup.resolve(run));
                assertTrue(answer.status() < 300, "setup of " + contractCase.name() + " failed: " + answer);
            }
        }
        List<CompletableFuture<Exchange>> calls = new ArrayList<>();
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (ContractCase contractCase : cases) {
                calls.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return target.send(contractCase.request().resolve(run));
                    } catch (Exception e) {
                        throw new IllegalStateException(contractCase.name() + ": " + e, e);
                    }
                }, threads));
            }
            shutdown.once(cases.size());
            List<Executable> checks = new ArrayList<>();
            for (int i = 0; i < cases.size(); i++) {
                ContractCase contractCase = cases.get(i);
                CompletableFuture<Exchange> call = calls.get(i);
                checks.add(() -> {
                    Exchange answer = call.get(30, TimeUnit.SECONDS);
                    ContractCases.assertCommonRules(answer);
                    try {
                        contractCase.check().verify(answer, target);
                    } catch (AssertionError e) {
                        throw new AssertionError(contractCase.name() + ": " + e.getMessage(), e);
                    }
                });
            }
            assertAll(checks);
        }
    }
}
