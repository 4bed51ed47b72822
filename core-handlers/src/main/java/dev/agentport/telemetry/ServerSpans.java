package dev.agentport.telemetry;

import dev.agentport.http.Body;
import dev.agentport.http.Filter;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;

import java.io.IOException;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One {@link SpanKind#SERVER SERVER} span per request, child of the caller's W3C {@code traceparent}, named
 * {@code METHOD /path} after the route and carrying the HTTP semantic-convention attributes. The span is current while
 * the handler runs and, for an event stream, while the stream is written; it ends when the response or the stream
 * does. Without an OpenTelemetry SDK installed it costs next to nothing and records nothing.
 */
public final class ServerSpans implements Filter {

    static final AttributeKey<String> HTTP_REQUEST_METHOD = AttributeKey.stringKey("http.request.method");
    static final AttributeKey<String> URL_PATH = AttributeKey.stringKey("url.path");
    static final AttributeKey<String> HTTP_ROUTE = AttributeKey.stringKey("http.route");
    static final AttributeKey<Long> HTTP_RESPONSE_STATUS_CODE = AttributeKey.longKey("http.response.status_code");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    private static final Set<String> KNOWN_METHODS =
            Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");
    private static final String INSTRUMENTATION = "dev.agentport";

    private final Supplier<Tracer> tracer;

    ServerSpans(Supplier<Tracer> tracer) {
        this.tracer = tracer;
    }

    /** {@code handler} with a server span around each request, from the global OpenTelemetry. */
    public static Handler wrap(Handler handler) {
        return new ServerSpans(() -> GlobalOpenTelemetry.getTracer(INSTRUMENTATION)).around(handler);
    }

    @Override
    @SuppressWarnings("try") // the scopes are only opened and closed
    public HttpResponse filter(HttpRequest request, Handler next) {
        Context parent = W3CTraceContextPropagator.getInstance()
                .extract(Context.current(), request, RequestHeaders.INSTANCE);
        Span span = tracer.get().spanBuilder(spanMethod(request))
                .setParent(parent)
                .setSpanKind(SpanKind.SERVER)
                .setAttribute(HTTP_REQUEST_METHOD, KNOWN_METHODS.contains(request.method()) ? request.method() : "_OTHER")
                .setAttribute(URL_PATH, request.path())
                .startSpan();
        Context context = parent.with(span);
        HttpResponse response;
        try (Scope ignored = context.makeCurrent()) {
            response = next.handle(request);
        } catch (RuntimeException | Error e) {
            failed(span, e.getClass().getName());
            span.end();
            throw e;
        }
        answered(span, request, response.status());
        if (!(response.body() instanceof Body.EventStream(Body.StreamWriter writer))) {
            span.end();
            return response;
        }
        return new HttpResponse(response.status(), response.headers(), Body.stream(sink -> {
            try (Scope ignored = context.makeCurrent()) {
                writer.writeTo(sink);
            } catch (IOException | RuntimeException | Error e) {
                failed(span, e.getClass().getName());
                throw e;
            } finally {
                span.end();
            }
        }));
    }

    /**
     * Routes are exact paths, so a request that found its route has the path as its route; a 404 may not have found
     * one, and then the span is named after the method only, as the conventions ask (paths are unbounded).
     */
    private static void answered(Span span, HttpRequest request, int status) {
        span.setAttribute(HTTP_RESPONSE_STATUS_CODE, (long) status);
        if (status != 404) {
            span.setAttribute(HTTP_ROUTE, request.path());
            span.updateName(spanMethod(request) + " " + request.path());
        }
        if (status >= 500) {
            failed(span, Integer.toString(status));
        }
    }

    /** The method as a span name may show it: a known one, else {@code HTTP}. */
    private static String spanMethod(HttpRequest request) {
        return KNOWN_METHODS.contains(request.method()) ? request.method() : "HTTP";
    }

    private static void failed(Span span, String type) {
        span.setAttribute(ERROR_TYPE, type);
        span.setStatus(StatusCode.ERROR);
    }
}
