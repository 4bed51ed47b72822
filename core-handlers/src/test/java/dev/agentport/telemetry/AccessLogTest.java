package dev.agentport.telemetry;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.agentport.http.Body;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AccessLogTest {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

    private final List<AccessEntry> lines = new CopyOnWriteArrayList<>();

    private Handler logged(Handler handler) {
        return new AccessLog(lines::add).around(handler);
    }

    @Test
    void one_line_per_request_with_method_path_status_duration_and_trace_id() {
        logged(request -> HttpResponse.builder(201).body(Body.of("{\"output\":\"secret reply\"}")).build())
                .handle(HttpRequest.builder("POST", "/invoke").rawQuery("token=s3cret")
                        .header("Authorization", "Bearer s3cret").header("X-Trace-Id", "trace-1")
                        .body("{\"input\":\"secret input\"}").build());

        assertEquals(List.of(new AccessEntry("POST", "/invoke", 201, lines.getFirst().durationMs(), "trace-1")), lines);
        assertFalse(lines.toString().contains("s3cret"));
        assertFalse(lines.toString().contains("secret"));
    }

    @Test
    void the_trace_id_is_the_caller_s_traceparent_inside_the_server_span() {
        ServerSpans.wrap(logged(request -> HttpResponse.builder(200).build()))
                .handle(HttpRequest.builder("GET", "/health")
                        .header("traceparent", "00-" + TRACE + "-00f067aa0ba902b7-01").build());

        assertEquals(TRACE, lines.getFirst().traceId());
    }

    @Test
    void an_ill_formed_x_trace_id_is_not_logged() {
        logged(request -> HttpResponse.builder(200).build())
                .handle(HttpRequest.builder("GET", "/health").header("X-Trace-Id", "a b\nforged").build());

        assertTrue(lines.getFirst().traceId().matches("[0-9a-f]{32}"), lines.getFirst().traceId());
    }

    @Test
    void an_event_stream_is_logged_when_it_ends_with_its_full_duration() throws IOException {
        HttpResponse response = logged(request -> HttpResponse.builder(200).body(Body.stream(sink -> {
            try {
                Thread.sleep(150);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sink.send(new byte[] {'x'});
        })).build()).handle(HttpRequest.builder("POST", "/stream").build());
        assertTrue(lines.isEmpty(), "nothing logged before the stream is written");

        ((Body.EventStream) response.body()).writer().writeTo(frame -> { });

        assertEquals(1, lines.size());
        assertEquals(200, lines.getFirst().status());
        assertTrue(lines.getFirst().durationMs() >= 150, lines.toString());
    }

    @Test
    void a_stream_whose_client_went_away_is_logged_too() {
        HttpResponse response = logged(request -> HttpResponse.builder(200)
                .body(Body.stream(sink -> sink.send(new byte[] {'x'}))).build())
                .handle(HttpRequest.builder("POST", "/stream").build());

        assertThrows(IOException.class, () -> ((Body.EventStream) response.body()).writer().writeTo(frame -> {
            throw new IOException("gone");
        }));

        assertEquals(1, lines.size());
    }

    @Test
    void a_handler_that_throws_is_logged_as_500() {
        assertThrows(IllegalStateException.class, () -> logged(request -> {
            throw new IllegalStateException("boom");
        }).handle(HttpRequest.builder("GET", "/health").build()));

        assertEquals(500, lines.getFirst().status());
    }

    @Test
    void the_line_s_message_is_method_path_status_and_duration_made_on_the_request_thread() {
        Logger access = (Logger) LoggerFactory.getLogger("dev.agentport.access");
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        access.addAppender(logged);
        try {
            AccessLog.wrap(request -> HttpResponse.builder(202).build())
                    .handle(HttpRequest.builder("POST", "/invoke").build());
        } finally {
            access.detachAppender(logged);
        }

        ILoggingEvent line = logged.list.getFirst();
        assertTrue(line.getFormattedMessage().matches("POST /invoke 202 \\d+ ms"), line.getFormattedMessage());
        assertNull(line.getArgumentArray(), "no pattern left for Logback to format");
    }
}
