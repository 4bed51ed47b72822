package dev.agentport;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.face.DefaultErrors;
import dev.agentport.face.Face;
import dev.agentport.face.FaceContext;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.telemetry.TraceIds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.event.KeyValuePair;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A request's trace id and request id are decided once, where it enters the core, and every line names them. */
class RequestIdentityTest {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String TRACEPARENT = "00-" + TRACE + "-00f067aa0ba902b7-01";
    private static final org.slf4j.Logger PROBE_LOG = LoggerFactory.getLogger("dev.agentport.test.probe");

    private final AgentPort port = AgentPort.builder().agent(new DefaultAgent(Duration.ZERO))
            .config(RuntimeConfig.fromEnvironment(Map.of())).face(new ProbeFace()).build().startAndAwait();
    private final Logger access = (Logger) LoggerFactory.getLogger("dev.agentport.access");
    private final Logger probe = (Logger) LoggerFactory.getLogger("dev.agentport.test.probe");
    private final ListAppender<ILoggingEvent> log = new ListAppender<>() {
        @Override
        protected void append(ILoggingEvent event) {
            event.prepareForDeferredProcessing(); // takes the MDC now, on the logging thread
            super.append(event);
        }
    };

    @BeforeEach
    void captureLog() {
        log.start();
        access.addAppender(log);
        probe.addAppender(log);
    }

    @AfterEach
    void releaseLog() {
        access.detachAppender(log);
        probe.detachAppender(log);
    }

    /** Answers {@code GET /probe} with what the handler sees, logging a line; {@code GET /probe-stream} streams. */
    static final class ProbeFace implements Face {
        @Override
        public String name() {
            return "probe";
        }

        @Override
        public void mount(FaceContext context) {
            context.routes(DefaultErrors.plain())
                    .get("/probe", request -> {
                        PROBE_LOG.info("inside the handler");
                        return HttpResponse.builder(200).body(Json.bytes(Json.object()
                                .put("first", TraceIds.of(request)).put("second", TraceIds.of(request)))).build();
                    })
                    .get("/probe-stream", request -> HttpResponse.builder(200).body(Body.stream(sink -> {
                        PROBE_LOG.info("while the stream is written");
                        sink.send(TraceIds.of(request).getBytes(StandardCharsets.UTF_8));
                    })).build());
        }
    }

    private JsonNode body(HttpResponse response) throws Exception {
        return Json.MAPPER.readTree(((Body.Bytes) response.body()).bytes());
    }

    private String invalidJsonTraceId(HttpRequest.Builder request) throws Exception {
        JsonNode error = body(port.handle(request.header("Content-Type", "application/json").body("{\"input\": ")
                .build()));
        assertEquals("INVALID_JSON", error.at("/error/code").asText(), error.toString());
        return error.get("trace_id").asText();
    }

    private List<ILoggingEvent> lines(String logger) {
        return log.list.stream().filter(event -> event.getLoggerName().equals(logger)).toList();
    }

    /** The access line's trace id: its own field, else the one the MDC puts on every line. */
    private static String traceIdOf(ILoggingEvent line) {
        if (line.getKeyValuePairs() != null) {
            for (KeyValuePair pair : line.getKeyValuePairs()) {
                if (pair.key.equals("trace_id")) {
                    return String.valueOf(pair.value);
                }
            }
        }
        return line.getMDCPropertyMap().get("trace_id");
    }

    @Test
    void an_errors_trace_id_is_on_its_access_log_line_without_traceparent() throws Exception {
        String traceId = invalidJsonTraceId(HttpRequest.builder("POST", "/invoke"));

        assertTrue(traceId.matches("[0-9a-f]{32}"), traceId);
        assertEquals(traceId, traceIdOf(lines("dev.agentport.access").getFirst()));
    }

    @Test
    void an_errors_trace_id_is_on_its_access_log_line_with_traceparent() throws Exception {
        String traceId = invalidJsonTraceId(HttpRequest.builder("POST", "/invoke").header("traceparent", TRACEPARENT));

        assertEquals(TRACE, traceId);
        assertEquals(TRACE, traceIdOf(lines("dev.agentport.access").getFirst()));
    }

    @Test
    void two_calls_of_trace_ids_of_on_one_request_agree() throws Exception {
        JsonNode seen = body(port.handle(HttpRequest.builder("GET", "/probe").build()));

        assertEquals(seen.get("first").asText(), seen.get("second").asText());
    }

    @Test
    void a_line_logged_inside_a_handler_carries_the_trace_id_and_request_id_in_the_mdc() throws Exception {
        JsonNode seen = body(port.handle(HttpRequest.builder("GET", "/probe").header("X-Request-Id", "req-42").build()));

        Map<String, String> mdc = lines("dev.agentport.test.probe").getFirst().getMDCPropertyMap();
        assertEquals(seen.get("first").asText(), mdc.get("trace_id"));
        assertEquals("req-42", mdc.get("request_id"));
    }

    @Test
    void agentcore_runtimes_request_id_header_is_the_request_id_when_there_is_no_x_request_id() throws Exception {
        port.handle(HttpRequest.builder("GET", "/probe")
                .header("X-Amzn-Bedrock-AgentCore-Runtime-Request-Id", "agentcore-req-9").build());

        assertEquals("agentcore-req-9",
                lines("dev.agentport.test.probe").getFirst().getMDCPropertyMap().get("request_id"));
    }

    @Test
    void a_request_without_x_request_id_is_given_one() throws Exception {
        port.handle(HttpRequest.builder("GET", "/probe").build());
        port.handle(HttpRequest.builder("GET", "/probe").build());

        List<String> ids = lines("dev.agentport.test.probe").stream()
                .map(line -> line.getMDCPropertyMap().get("request_id")).toList();
        assertTrue(ids.getFirst().matches("[0-9a-f]{16}"), ids.toString());
        assertTrue(!ids.getFirst().equals(ids.getLast()), ids.toString());
    }

    @Test
    void a_line_logged_while_a_stream_is_written_carries_the_trace_id_in_the_mdc() throws Exception {
        HttpResponse response = port.handle(HttpRequest.builder("GET", "/probe-stream").build());
        ByteArrayOutputStream written = new ByteArrayOutputStream();

        CompletableFuture.runAsync(() -> { // the adapter may write the stream on a thread of its own
            try {
                ((Body.EventStream) response.body()).writer().writeTo(written::writeBytes);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).join();

        String traceId = written.toString(StandardCharsets.UTF_8);
        assertEquals(traceId, lines("dev.agentport.test.probe").getFirst().getMDCPropertyMap().get("trace_id"));
        assertEquals(traceId, traceIdOf(lines("dev.agentport.access").getFirst()));
    }

    @Test
    void a_line_an_agent_logs_on_its_own_thread_carries_the_trace_id_in_the_mdc() throws Exception {
        DefaultAgent echo = new DefaultAgent(Duration.ZERO);
        Agent logging = new Agent() {
            @Override
            public AgentDescriptor descriptor() {
                return echo.descriptor();
            }

            @Override
            public RunResult invoke(RunInput input, RunContext context) throws Exception {
                PROBE_LOG.info("the agent runs");
                return echo.invoke(input, context);
            }
        };
        AgentPort served = AgentPort.builder().agent(logging).config(RuntimeConfig.fromEnvironment(Map.of())).build()
                .startAndAwait();

        served.handle(HttpRequest.builder("POST", "/invoke").header("Content-Type", "application/json")
                .header("traceparent", TRACEPARENT).body("{\"input\":\"hi\"}").build());

        ILoggingEvent line = lines("dev.agentport.test.probe").getFirst();
        assertTrue(!line.getThreadName().equals(Thread.currentThread().getName()), line.getThreadName());
        assertEquals(TRACE, line.getMDCPropertyMap().get("trace_id"));
    }

    @Test
    void the_mdc_is_cleared_when_the_request_is_answered() {
        port.handle(HttpRequest.builder("GET", "/probe").build());

        assertNull(MDC.get("trace_id"));
        assertNull(MDC.get("request_id"));
    }
}
