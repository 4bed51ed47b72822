package dev.agentport.agentbreeder;

import dev.agentport.agent.AgentException;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.runtime.RunTimeoutException;
import dev.agentport.runtime.ThreadNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns what a run threw into the code and message the caller sees. Only {@link AgentException} messages and the
 * runtime's own messages reach the wire; anything else is logged with its stack trace and reported generically.
 */
final class AgentFailures {

    private static final Logger LOG = LoggerFactory.getLogger(AgentFailures.class);

    /** A failure as the caller will see it. */
    record Failure(ErrorCode code, String message) {
    }

    private AgentFailures() {
    }

    static Failure timedOut(String traceId, String operation) {
        LOG.warn("{} cancelled: it passed its deadline (trace_id={})", operation, traceId);
        return new Failure(ErrorCode.DEADLINE_EXCEEDED, "the agent did not finish before the deadline");
    }

    static Failure describe(Throwable error, String traceId, String operation) {
        if (error instanceof ContractError contract) {
            return new Failure(contract.code(), contract.getMessage());
        }
        if (error instanceof ThreadNotFoundException notFound) {
            return new Failure(ErrorCode.THREAD_NOT_FOUND, notFound.getMessage());
        }
        if (error instanceof RunTimeoutException || error instanceof RunCancelledException) {
            return timedOut(traceId, operation);
        }
        if (error instanceof AgentException) {
            LOG.warn("{} failed: {} (trace_id={})", operation, error.getMessage(), traceId, error);
            return new Failure(ErrorCode.INTERNAL_ERROR, error.getMessage());
        }
        LOG.error("{} failed with an unexpected exception (trace_id={})", operation, traceId, error);
        return new Failure(ErrorCode.INTERNAL_ERROR,
                "the agent failed unexpectedly; the server log has the details under trace_id " + traceId);
    }
}
