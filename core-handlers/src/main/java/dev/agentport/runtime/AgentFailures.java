package dev.agentport.runtime;

import dev.agentport.agent.AgentException;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.store.StoreUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns what a run threw into a neutral failure that each face maps to its own error shape. Only
 * {@link AgentException} messages and the runtime's own messages reach the wire; anything else is logged with its
 * stack trace and reported generically, with the trace id to find it in the log.
 */
public final class AgentFailures {

    private static final Logger LOG = LoggerFactory.getLogger(AgentFailures.class);

    /** What kind of failure, for the face to pick its code. */
    public enum Kind {
        /** The run passed its deadline. */
        DEADLINE_EXCEEDED,
        /** The run was cancelled: the client left, a cancel request, or shutdown. */
        CANCELLED,
        /** The paused run or thread to continue does not exist (any more). */
        NOT_FOUND,
        /** The agent failed with a message meant for the caller. */
        AGENT_ERROR,
        /** The agent failed unexpectedly; the message is generic. */
        INTERNAL,
        /** The state store could not be read or written; the message is {@link StoreOutage#MESSAGE}. */
        STORE_UNAVAILABLE
    }

    /** A failure as the caller will see it. */
    public record Failure(Kind kind, String message) {
    }

    private AgentFailures() {
    }

    public static Failure timedOut(String traceId, String operation) {
        LOG.warn("{} cancelled: it passed its deadline (trace_id={})", operation, traceId);
        return new Failure(Kind.DEADLINE_EXCEEDED, "the agent did not finish before the deadline");
    }

    public static Failure cancelled(String reason, String traceId, String operation) {
        LOG.warn("{} cancelled: {} (trace_id={})", operation, reason, traceId);
        return new Failure(Kind.CANCELLED, "the run was cancelled: " + reason);
    }

    public static Failure storeUnavailable(StoreUnavailableException error, String traceId, String operation) {
        LOG.warn("{} failed: {} (trace_id={})", operation, error.getMessage(), traceId, error);
        return new Failure(Kind.STORE_UNAVAILABLE, StoreOutage.MESSAGE);
    }

    public static Failure describe(Throwable error, String traceId, String operation) {
        if (error instanceof StoreUnavailableException unavailable) {
            return storeUnavailable(unavailable, traceId, operation);
        }
        if (error instanceof ThreadNotFoundException notFound) {
            return new Failure(Kind.NOT_FOUND, notFound.getMessage());
        }
        if (error instanceof RunTimeoutException) {
            return timedOut(traceId, operation);
        }
        if (error instanceof RunCancelledException cancelled) {
            String reason = cancelled.getMessage();
            return reason == null || reason.contains("deadline")
                    ? timedOut(traceId, operation) : cancelled(reason, traceId, operation);
        }
        if (error instanceof InterruptedException) {
            // Only the runtime interrupts a run's thread: it was cancelled (the client left, a cancel, shutdown).
            return cancelled("the run was interrupted", traceId, operation);
        }
        if (error instanceof AgentException) {
            LOG.warn("{} failed: {} (trace_id={})", operation, error.getMessage(), traceId, error);
            return new Failure(Kind.AGENT_ERROR, error.getMessage());
        }
        LOG.error("{} failed with an unexpected exception (trace_id={})", operation, traceId, error);
        return new Failure(Kind.INTERNAL,
                "the agent failed unexpectedly; the server log has the details under trace_id " + traceId);
    }
}
