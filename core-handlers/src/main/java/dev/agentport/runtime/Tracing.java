package dev.agentport.runtime;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;

import java.util.List;

/**
 * One OpenTelemetry span per agent run, child of the current span (the request's server span), else of the caller's
 * W3C {@code traceparent} when there is one. Without an OpenTelemetry SDK installed (the default) every call here is a
 * no-op; set {@code OTEL_EXPORTER_OTLP_ENDPOINT}, or add the Java agent, to export the spans.
 */
final class Tracing {

    private static final TextMapGetter<String> TRACEPARENT = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(String carrier) {
            return List.of("traceparent");
        }

        @Override
        public String get(String carrier, String key) {
            return "traceparent".equals(key) ? carrier : null;
        }
    };

    private Tracing() {
    }

    @FunctionalInterface
    interface Work<T> {
        T run() throws Exception;
    }

    @SuppressWarnings("try") // the scope is only opened and closed
    static <T> T inSpan(String name, String sessionId, String traceparent, Work<T> work) throws Exception {
        Tracer tracer = GlobalOpenTelemetry.getTracer("dev.agentport");
        Context parent = Span.current().getSpanContext().isValid() || traceparent == null
                ? Context.current()
                : W3CTraceContextPropagator.getInstance().extract(Context.current(), traceparent,
                TRACEPARENT);
        Span span = tracer.spanBuilder(name).setParent(parent).setSpanKind(SpanKind.INTERNAL)
                .setAttribute("agentport.session_id", sessionId)
                .startSpan();
        try (Scope ignored = span.makeCurrent()) {
            return work.run();
        } catch (Exception | Error e) {
            span.setStatus(StatusCode.ERROR, e.getClass().getSimpleName());
            throw e;
        } finally {
            span.end();
        }
    }
}
