package dev.agentport.telemetry;

import dev.agentport.http.Body;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServerSpansTest {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CALLER_SPAN = "00f067aa0ba902b7";
    private static final String TRACEPARENT = "00-" + TRACE + "-" + CALLER_SPAN + "-01";

    private final InMemorySpanExporter exported = InMemorySpanExporter.create();
    private final SdkTracerProvider tracing = SdkTracerProvider.builder()
            .addSpanProcessor(SimpleSpanProcessor.create(exported)).build();

    @AfterEach
    void close() {
        tracing.close();
    }

    private Handler served(Handler handler) {
        return new ServerSpans(() -> tracing.get("test")).around(handler);
    }

    private static HttpRequest invoke() {
        return HttpRequest.builder("POST", "/invoke").rawQuery("token=secret").header("traceparent", TRACEPARENT).build();
    }

    @Test
    void each_request_has_a_server_span_child_of_the_caller_s_traceparent() {
        served(request -> HttpResponse.builder(200).build()).handle(invoke());

        SpanData span = onlySpan();
        assertEquals(SpanKind.SERVER, span.getKind());
        assertEquals(TRACE, span.getTraceId());
        assertEquals(CALLER_SPAN, span.getParentSpanId());
        assertTrue(span.getParentSpanContext().isRemote());
    }

    @Test
    void the_span_is_named_after_the_method_and_route_with_the_http_attributes() {
        served(request -> HttpResponse.builder(200).build()).handle(invoke());

        SpanData span = onlySpan();
        assertEquals("POST /invoke", span.getName());
        assertEquals("POST", span.getAttributes().get(ServerSpans.HTTP_REQUEST_METHOD));
        assertEquals("/invoke", span.getAttributes().get(ServerSpans.URL_PATH));
        assertEquals("/invoke", span.getAttributes().get(ServerSpans.HTTP_ROUTE));
        assertEquals(200L, span.getAttributes().get(ServerSpans.HTTP_RESPONSE_STATUS_CODE));
    }

    @Test
    void a_request_that_found_no_route_is_named_after_its_method_only() {
        served(request -> HttpResponse.builder(404).build())
                .handle(HttpRequest.builder("GET", "/no/such/path").build());

        SpanData span = onlySpan();
        assertEquals("GET", span.getName());
        assertNull(span.getAttributes().get(ServerSpans.HTTP_ROUTE));
    }

    @Test
    void a_server_error_marks_the_span_as_failed() {
        served(request -> HttpResponse.builder(503).build()).handle(invoke());

        SpanData span = onlySpan();
        assertEquals(StatusCode.ERROR, span.getStatus().getStatusCode());
        assertEquals("503", span.getAttributes().get(ServerSpans.ERROR_TYPE));
    }

    @Test
    void the_server_span_is_current_while_the_handler_runs() {
        AtomicReference<SpanContext> inHandler = new AtomicReference<>();
        served(request -> {
            inHandler.set(Span.current().getSpanContext());
            return HttpResponse.builder(200).build();
        }).handle(invoke());

        assertEquals(onlySpan().getSpanContext(), inHandler.get());
    }

    @Test
    void an_event_stream_s_span_is_current_while_it_is_written_and_ends_with_it() throws IOException {
        AtomicReference<SpanContext> inWriter = new AtomicReference<>();
        HttpResponse response = served(request -> HttpResponse.builder(200).body(Body.stream(sink -> {
            inWriter.set(Span.current().getSpanContext());
            sink.send(new byte[] {'x'});
        })).build()).handle(invoke());
        assertEquals(List.of(), exported.getFinishedSpanItems(), "the span is still open before the stream is written");

        ((Body.EventStream) response.body()).writer().writeTo(frame -> { });

        assertEquals(onlySpan().getSpanContext(), inWriter.get());
    }

    @Test
    void without_trace_headers_a_request_s_trace_id_is_its_server_span_s() {
        AtomicReference<String> traceId = new AtomicReference<>();
        served(RequestIdentities.wrap(request -> {
            traceId.set(TraceIds.of(request));
            return HttpResponse.builder(200).build();
        })).handle(HttpRequest.builder("POST", "/invoke").build());

        assertEquals(onlySpan().getTraceId(), traceId.get());
    }

    @Test
    void without_tracing_a_request_s_trace_id_is_not_read_from_the_current_span() {
        AtomicReference<String> traceId = new AtomicReference<>();
        served(RequestIdentities.wrap(request -> {
            traceId.set(TraceIds.of(request));
            return HttpResponse.builder(200).build();
        }, false)).handle(HttpRequest.builder("POST", "/invoke").build());

        assertTrue(TraceIds.isTraceId(traceId.get()));
        assertNotEquals(onlySpan().getTraceId(), traceId.get());
    }

    private SpanData onlySpan() {
        List<SpanData> spans = exported.getFinishedSpanItems();
        assertEquals(1, spans.size(), spans.toString());
        return spans.getFirst();
    }
}
