package dev.agentport.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.ClientConnection;

import java.time.Instant;
import java.util.Map;

/**
 * A run as any face asks for it, after the face has parsed its own wire format.
 *
 * @param input       the caller's input, as sent
 * @param sessionId   the conversation the caller named, or {@code null} to start a new one
 * @param config      the caller's config bag, or {@code null}
 * @param metadata    the caller's metadata bag, or {@code null}
 * @param requestId   the caller's request id, or {@code null}
 * @param traceId     the trace id of this request
 * @param traceparent the caller's W3C {@code traceparent}, or {@code null}
 * @param deadline    the platform's deadline, or {@code null}
 * @param taskId      the run's id (an A2A task id), or {@code null} for a generated one
 * @param contextId   the A2A context id, or {@code null}
 * @param extensions  request-scoped extension payloads by URI, or {@code null}
 * @param connection  the client's connection, whose close cancels the run
 */
public record RunRequest(JsonNode input,
                         String sessionId,
                         ObjectNode config,
                         ObjectNode metadata,
                         String requestId,
                         String traceId,
                         String traceparent,
                         Instant deadline,
                         String taskId,
                         String contextId,
                         Map<String, JsonNode> extensions,
                         ClientConnection connection) {

    public RunRequest {
        connection = connection == null ? ClientConnection.UNKNOWN : connection;
    }

    public RunRequest(JsonNode input, String sessionId, ObjectNode config, ObjectNode metadata, String requestId,
                      String traceId, String traceparent, Instant deadline) {
        this(input, sessionId, config, metadata, requestId, traceId, traceparent, deadline, null, null, null, null);
    }
}
