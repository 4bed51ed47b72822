package dev.agentport.telemetry;

import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.RequestIdentity;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;

/**
 * The trace id of a request: the caller's {@code X-Trace-Id}, else the trace of a W3C {@code traceparent}, else the
 * current OpenTelemetry span's (the server span's, when tracing is on), else a fresh random one. Only well-formed ids
 * are taken from headers. It is decided once, where the request enters the core ({@link RequestIdentities}), so every
 * error body, log line and span of the request names the same one.
 */
public final class TraceIds {

    private TraceIds() {
    }

    /** The id the request carries; one that never entered the core (a handler called alone) is given one now. */
    public static String of(HttpRequest request) {
        RequestIdentity identity = request.identity();
        return identity != null ? identity.traceId() : decide(request);
    }

    static String decide(HttpRequest request) {
        String given = given(request, true);
        return given != null ? given : RandomIds.traceId();
    }

    /**
     * The trace id the request brings ({@code X-Trace-Id}, {@code traceparent}) or, with {@code tracing}, its server
     * span has; else null.
     */
    static String given(HttpRequest request, boolean tracing) {
        String header = request.header(HttpHeaderNames.X_TRACE_ID);
        if (header != null && isTraceId(header)) {
            return header;
        }
        String traceparent = request.header(HttpHeaderNames.TRACEPARENT);
        if (traceparent != null && traceparent.length() >= 55 && traceparent.charAt(2) == '-') {
            String id = traceparent.substring(3, 35);
            if (isTraceId(id)) {
                return id;
            }
        }
        if (!tracing) {
            return null;
        }
        SpanContext span = Span.current().getSpanContext();
        return span.isValid() ? span.getTraceId() : null;
    }

    /** 1 to 64 characters of letters, digits, {@code -} and {@code _}; enough for hex trace ids and UUIDs. */
    public static boolean isTraceId(String value) {
        if (value.isEmpty() || value.length() > 64) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_')) {
                return false;
            }
        }
        return true;
    }
}
