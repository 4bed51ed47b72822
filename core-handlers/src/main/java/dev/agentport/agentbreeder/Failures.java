package dev.agentport.agentbreeder;

import dev.agentport.runtime.AgentFailures;

/** The contract's code for each kind of run failure. */
final class Failures {

    private Failures() {
    }

    static ErrorCode code(AgentFailures.Failure failure) {
        return switch (failure.kind()) {
            case DEADLINE_EXCEEDED -> ErrorCode.DEADLINE_EXCEEDED;
            case CANCELLED -> ErrorCode.SHUTTING_DOWN;
            case NOT_FOUND -> ErrorCode.THREAD_NOT_FOUND;
            case AGENT_ERROR, INTERNAL -> ErrorCode.INTERNAL_ERROR;
            case STORE_UNAVAILABLE -> ErrorCode.SERVICE_UNAVAILABLE;
        };
    }
}
