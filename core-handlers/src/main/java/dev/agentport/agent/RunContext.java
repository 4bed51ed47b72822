package dev.agentport.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Everything about a run except its input.
 *
 * @param sessionId  the conversation (AgentBreeder {@code session_id} / {@code thread_id}); generated when the caller
 *                   sent none
 * @param history    earlier turns of this session, oldest first
 * @param config     the caller's {@code config} bag (empty object when absent)
 * @param metadata   the caller's {@code metadata} bag (empty object when absent)
 * @param requestId  the caller's request id, or {@code null}
 * @param traceId    the trace this run belongs to
 * @param traceparent the caller's W3C {@code traceparent} header, to pass on to downstream calls, or {@code null}
 * @param deadline   when the platform stops waiting, or {@code null} for none
 * @param cancellation tells the agent that the caller is gone or the deadline has passed
 */
public record RunContext(String sessionId,
                         List<Turn> history,
                         ObjectNode config,
                         ObjectNode metadata,
                         String requestId,
                         String traceId,
                         String traceparent,
                         Instant deadline,
                         Cancellation cancellation) {

    public RunContext {
        history = history == null ? List.of() : List.copyOf(history);
    }

    /** Time left before the deadline, if there is one. */
    public Optional<Duration> remaining() {
        return deadline == null ? Optional.empty() : Optional.of(Duration.between(Instant.now(), deadline));
    }

    /** True once the caller has gone away or the deadline has passed: stop work and return. */
    public boolean isCancelled() {
        return cancellation.isCancelled();
    }
}
