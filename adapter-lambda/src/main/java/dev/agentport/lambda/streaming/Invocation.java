package dev.agentport.lambda.streaming;

import java.time.Instant;

/**
 * One invocation as {@code GET /runtime/invocation/next} hands it out.
 *
 * @param requestId {@code Lambda-Runtime-Aws-Request-Id}
 * @param deadline  {@code Lambda-Runtime-Deadline-Ms}, or null when absent
 * @param event     the event JSON
 */
record Invocation(String requestId, Instant deadline, byte[] event) {
}
