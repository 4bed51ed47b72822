package dev.agentport.contract;

import java.util.List;

/**
 * One rule of a contract, as data: requests to send first (their answers must be 2xx), the request under test, and
 * the checks on its answer. The same case runs against every target, and the parity test compares the answers.
 *
 * @param name    the rule, e.g. {@code invoke_without_token_is_401}
 * @param setup   requests sent before, in order
 * @param request the request whose answer is checked
 * @param check   assertions on the answer
 */
public record ContractCase(String name, List<CaseRequest> setup, CaseRequest request, Check check) {

    /** Assertions on an answer. */
    @FunctionalInterface
    public interface Check {
        void verify(Exchange answer, Target target) throws Exception;
    }

    public static ContractCase of(String name, CaseRequest request, Check check) {
        return new ContractCase(name, List.of(), request, check);
    }

    public static ContractCase of(String name, List<CaseRequest> setup, CaseRequest request, Check check) {
        return new ContractCase(name, setup, request, check);
    }

    @Override
    public String toString() {
        return name;
    }
}
