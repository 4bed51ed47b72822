package dev.agentport.runtime;

import dev.agentport.agent.AgentException;
import dev.agentport.agent.CancelCause;
import dev.agentport.agent.Cancellation;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.store.StoreUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns what a run threw into a neutral failure that each face maps to its own error shape, and logs it once. Only
 * {@link AgentException} messages and the runtime's own messages reach the wire; anything else is logged with its
 * stack trace and reported generically, with the trace id to find it in the log.
 */
public final class AgentFailures {

    private static final Logger LOG = LoggerFactory.getLogger(AgentFailures.class);

    /** What kind of failure, for the face to pick its code. */
    public enum Kind {
        /** The run passed its deadline. */
        DEADLINE_EXCEEDED,
        /** The run was cancelled: {@link Failure#cause()} says why (the client left or cancelled, shutdown). */
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

    /**
     * A failure as the caller will see it.
     *
     * @param cause why the run was cancelled, for {@link Kind#CANCELLED}; else {@code null}
     */
    public record Failure(Kind kind, String message, CancelCause cause) {

        public Failure(Kind kind, String message) {
            this(kind, message, null);
        }
    }

    public static final String DEADLINE_MESSAGE = "the agent did not finish before the deadline";

    private AgentFailures() {
    }

    public static Failure timedOut(String traceId, String operation) {
        LOG.warn("{} cancelled: it passed its deadline (trace_id={})", operation, traceId);
        return new Failure(Kind.DEADLINE_EXCEEDED, DEADLINE_MESSAGE);
    }

    public static Failure cancelled(CancelCause cause, String reason, String traceId, String operation) {
        if (cause == CancelCause.DEADLINE) {
            return timedOut(traceId, operation);
        }
        LOG.warn("{} cancelled: {} (trace_id={})", operation, reason, traceId);
        return new Failure(Kind.CANCELLED, "the run was cancelled: " + reason, cause);
    }

    public static Failure storeUnavailable(StoreUnavailableException error, String traceId, String operation) {
        LOG.warn("{} failed: {} (trace_id={})", operation, error.getMessage(), traceId, error);
        return new Failure(Kind.STORE_UNAVAILABLE, StoreOutage.MESSAGE);
    }

    /**
     * What a run's failure means for its caller. Once the run is cancelled, whatever it threw is that cancellation:
     * a run stopped at its deadline is a timeout, whatever the interrupted agent then threw.
     */
    static Failure describe(Throwable error, Cancellation cancellation, String traceId, String operation) {
        if (!(error instanceof StoreUnavailableException) && cancellation.isCancelled()) {
            return cancelled(cancellation.cause(), cancellation.reason(), traceId, operation);
        }
        return describe(error, traceId, operation);
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
            CancelCause cause = cancelled.cancelCause() == null ? CancelCause.SHUTDOWN : cancelled.cancelCause();
            return cancelled(cause, cancelled.getMessage(), traceId, operation);
        }
        if (error instanceof InterruptedException) {
            // Only the runtime interrupts a run's thread, and it cancels the run first: this one was not told why.
            return cancelled(CancelCause.SHUTDOWN, "the run was interrupted", traceId, operation);
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
