package dev.agentport.validate;

/**
 * Whether the server speaks a contract, as probing found.
 *
 * @param contract the contract
 * @param found    whether it is served
 * @param evidence what showed it, or why it seems not to be served
 */
public record Detection(Contract contract, boolean found, String evidence) {

    public static Detection found(Contract contract, String evidence) {
        return new Detection(contract, true, evidence);
    }

    public static Detection notFound(Contract contract, String evidence) {
        return new Detection(contract, false, evidence);
    }
}
