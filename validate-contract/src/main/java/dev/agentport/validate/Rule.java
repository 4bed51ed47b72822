package dev.agentport.validate;

/**
 * One rule of a contract, named and numbered after the contract's text.
 *
 * @param contract the contract it belongs to
 * @param number   where the contract states it, e.g. {@code 3.2} or {@code L2.4}
 * @param name     what it says, e.g. {@code invoke_without_a_token_is_401}
 * @param check    sends what it needs through the probe and throws {@link RuleFailed} or {@link RuleSkipped}
 */
public record Rule(Contract contract, String number, String name, Check check) {

    /** A rule's check. */
    @FunctionalInterface
    public interface Check {
        void run(Probe probe) throws Exception;
    }

    public static Rule of(Contract contract, String number, String name, Check check) {
        return new Rule(contract, number, name, check);
    }

    /** {@code agentbreeder 3.2 invoke_without_a_token_is_401}. */
    public String id() {
        return contract.cliName() + " " + number + " " + name;
    }

    @Override
    public String toString() {
        return id();
    }
}
