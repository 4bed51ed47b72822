package dev.agentport.helidon;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.json.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SIGTERM on the packaged server, as Cloud Run sends it: with a grace of 2 s, ten streams of about 20 s each are
 * running; a run asked for during the drain is refused in the contract's shape; every stream is cut properly at the
 * end of the grace; the process exits with 0.
 */
class ShutdownOnSigtermIT {

    private static final Duration GRACE = Duration.ofSeconds(2);
    private static final int STREAMS = 10;
    /** About 800 words at 25 ms each: a stream of some 20 s, far past the grace. */
    private static final String LONG_INPUT = "{\"input\":\"" + "word ".repeat(800).strip() + "\"}";

    private static PackagedServer server;
    private static RawHttp.Response drainingHealth;
    private static RawHttp.Response invokeDuringDrain;
    private static final List<RawHttp.Response> streams = new ArrayList<>();
    private static Integer exitCode;
    private static Duration exitAfter;

    @BeforeAll
    static void sigtermWithTenStreamsRunning() throws Exception {
        server = PackagedServer.start(Map.of(
                "AGENT_SHUTDOWN_GRACE_SECONDS", Long.toString(GRACE.toSeconds()),
                "DEFAULT_AGENT_WORD_DELAY_MS", "25"));
        List<CompletableFuture<RawHttp.Response>> running = new ArrayList<>();
        for (int i = 0; i < STREAMS; i++) {
            running.add(RawHttp.readOnceUnderWay(RawHttp.post(server.port, "/stream", LONG_INPUT), "{\"delta\""));
        }
        long signalled = System.nanoTime();
        server.sigterm();
        drainingHealth = awaitDraining(server.port);
        invokeDuringDrain = RawHttp.exchange(server.port, "POST", "/invoke", "{\"input\":\"hi\"}");
        for (CompletableFuture<RawHttp.Response> stream : running) {
            streams.add(stream.get(GRACE.toSeconds() + 10, TimeUnit.SECONDS));
        }
        exitCode = server.awaitExit(GRACE.plusSeconds(6));
        exitAfter = Duration.ofNanos(System.nanoTime() - signalled);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void health_reports_draining_while_the_listener_still_answers() throws Exception {
        assertEquals(503, drainingHealth.status(), drainingHealth.body());
        assertEquals("draining", Json.parse(drainingHealth.rawBody()).get("status").asText());
    }

    @Test
    void a_run_asked_for_during_the_drain_gets_503_shutting_down_with_retry_after_in_the_envelope() throws Exception {
        assertEquals(503, invokeDuringDrain.status(), invokeDuringDrain.body());
        assertEquals("5", invokeDuringDrain.header("Retry-After"));
        assertEquals("1", invokeDuringDrain.header("X-Runtime-Contract-Version"));
        JsonNode envelope = Json.parse(invokeDuringDrain.rawBody());
        assertEquals("SHUTTING_DOWN", envelope.at("/error/code").asText());
        assertTrue(envelope.at("/error/message").isTextual(), invokeDuringDrain.body());
        assertTrue(envelope.has("trace_id"), invokeDuringDrain.body());
    }

    @Test
    void a_stream_still_running_when_the_grace_ends_ends_with_an_error_event_then_done() {
        assertEquals(STREAMS, streams.size());
        for (RawHttp.Response stream : streams) {
            assertEquals(200, stream.status());
            List<String> events = List.of(stream.body().split("\n\n"));
            String last = events.get(events.size() - 1);
            String beforeLast = events.get(events.size() - 2);
            assertEquals("data: [DONE]", last, stream.body());
            assertTrue(beforeLast.startsWith("event: error\ndata: {"), stream.body());
            assertTrue(beforeLast.contains("shutting down"), beforeLast);
            assertTrue(stream.body().endsWith("\n\n"), stream.body());
        }
    }

    @Test
    void a_stream_cut_at_the_end_of_the_grace_has_a_terminated_chunked_body() {
        for (RawHttp.Response stream : streams) {
            assertEquals("chunked", stream.header("Transfer-Encoding"));
            assertTrue(stream.rawBodyText().endsWith("\r\n0\r\n\r\n"), stream.rawBodyText());
        }
    }

    @Test
    void the_process_exits_with_0_within_the_grace_and_a_few_seconds() {
        assertNotNull(exitCode, "still running " + exitAfter + " after SIGTERM: " + server.output());
        assertEquals(0, exitCode, server.output());
        assertTrue(exitAfter.compareTo(GRACE.plusSeconds(6)) < 0, exitAfter.toString());
    }

    @Test
    void the_access_log_lines_of_the_streams_cut_by_the_shutdown_are_written_before_the_process_exits()
            throws Exception {
        assertNotNull(exitCode, server.output());
        long streamLines = server.linesAfterExit().stream()
                .filter(line -> line.contains("\"logger_name\":\"dev.agentport.access\"")
                        && line.contains("\"path\":\"/stream\""))
                .count();
        assertEquals(STREAMS, streamLines, server.output());
    }

    /** Polls {@code /health} on new connections until it says "draining"; a refused connection fails the test. */
    private static RawHttp.Response awaitDraining(int port) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (true) {
            RawHttp.Response health = RawHttp.exchange(port, "GET", "/health", null);
            if (health.body().contains("draining") || System.nanoTime() > end) {
                return health;
            }
            Thread.sleep(20);
        }
    }
}
