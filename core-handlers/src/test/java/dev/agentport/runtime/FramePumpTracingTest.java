package dev.agentport.runtime;

import dev.agentport.agent.Cancellation;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Scope;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FramePumpTracingTest {

    @Test
    void the_span_current_in_the_caller_is_current_in_the_producer() throws Exception {
        SpanContext request = SpanContext.create("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331",
                TraceFlags.getSampled(), TraceState.getDefault());
        AtomicReference<SpanContext> inProducer = new AtomicReference<>();
        try (Scope ignored = Span.wrap(request).makeCurrent()) {
            FramePump.run(frame -> { }, Cancellation.none(), null,
                    emit -> inProducer.set(Span.current().getSpanContext()));
        }
        assertEquals(request, inProducer.get());
    }
}
