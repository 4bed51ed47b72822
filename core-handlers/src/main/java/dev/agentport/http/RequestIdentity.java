package dev.agentport.http;

import java.util.Objects;

/**
 * Who a request is, decided once where it enters the core and carried with it: every log line, error body and span
 * of the request names the same ids.
 *
 * @param traceId   the trace id the contract reports in errors and every log line carries
 * @param requestId the caller's {@code X-Request-Id}, else one made for the request
 */
public record RequestIdentity(String traceId, String requestId) {

    public RequestIdentity {
        Objects.requireNonNull(traceId, "traceId");
        Objects.requireNonNull(requestId, "requestId");
    }
}
