package dev.agentport.contract;

/**
 * Something that answers contract requests: the core in-process, or a server on loopback (Helidon, the local Lambda
 * runtime, the Functions Framework invoker). Every target serves the default agent with {@link ContractCases#ENV}.
 */
public interface Target extends AutoCloseable {

    String name();

    Exchange send(CaseRequest request) throws Exception;

    /** False for targets that deliver an event stream in one piece (Lambda behind API Gateway). */
    default boolean streamsProgressively() {
        return true;
    }

    @Override
    default void close() {
    }
}
