package dev.agentport.telemetry;

import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The trace id of a request: the caller's {@code X-Trace-Id}, else the trace of a W3C {@code traceparent}, else the
 * current OpenTelemetry span's, else a fresh random one. Only well-formed ids are taken from headers.
 */
public final class TraceIds {

    /**
     * SecureRandom, not ThreadLocalRandom: Lambda SnapStart restores many instances from one snapshot, and only
     * SecureRandom is reseeded on restore, so ids stay unique across them.
     */
    private static final SecureRandom RANDOM = new SecureRandom();

    private TraceIds() {
    }

    public static String of(HttpRequest request) {
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
        SpanContext span = Span.current().getSpanContext();
        if (span.isValid()) {
            return span.getTraceId();
        }
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
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
