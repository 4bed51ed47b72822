package dev.agentport.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;

/**
 * A run as any face asks for it, after the face has parsed its own wire format.
 *
 * @param input     the caller's input, as sent
 * @param sessionId the session the caller named, or {@code null} to start a new one
 * @param config    the caller's config bag, or {@code null}
 * @param metadata  the caller's metadata bag, or {@code null}
 * @param requestId the caller's request id, or {@code null}
 * @param traceId   the trace id of this request
 * @param traceparent the caller's W3C {@code traceparent}, or {@code null}
 * @param deadline  the platform's deadline, or {@code null}
 */
public record RunRequest(JsonNode input,
                         String sessionId,
                         ObjectNode config,
                         ObjectNode metadata,
                         String requestId,
                         String traceId,
                         String traceparent,
                         Instant deadline) {
}
