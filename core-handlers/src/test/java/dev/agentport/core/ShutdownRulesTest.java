package dev.agentport.core;

import dev.agentport.AgentPort;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.contract.ShutdownCases;
import dev.agentport.contract.ShutdownSuite;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.HangingAgent;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lifecycle as callers see it: loading, failed, draining, and runs cut at the end of the grace period. */
class ShutdownRulesTest {

    private static AgentPort port(dev.agentport.agent.Agent agent, Map<String, String> env) {
        return AgentPort.builder().agent(agent).config(RuntimeConfig.fromEnvironment(env)).build();
    }

    private static HttpRequest invoke() {
        return HttpRequest.builder("POST", "/invoke").header("Content-Type", "application/json")
                .body("{\"input\":\"hi\"}").build();
    }

    private static HttpRequest stream() {
        return HttpRequest.builder("POST", "/stream").header("Content-Type", "application/json")
                .body("{\"input\":\"hi\"}").build();
    }

    @Test
    void a_failed_load_is_reported_as_failed_with_503_never_as_loading() throws Exception {
        AgentPort port = port(new TestAgents.TestAgent() {
            @Override
            public void load() {
                throw new IllegalStateException("no model");
            }

            @Override
            public dev.agentport.agent.RunResult invoke(dev.agentport.agent.RunInput input,
                                                        dev.agentport.agent.RunContext context) {
                return dev.agentport.agent.RunResult.of("x");
            }
        }, Map.of()).startAndAwait();
        HttpResponse health = port.handle(HttpRequest.builder("GET", "/health").build());
        assertEquals(503, health.status());
        assertEquals("failed", Json.parse(health.bodyBytes()).get("status").asText());
        HttpResponse run = port.handle(invoke());
        assertEquals(503, run.status());
        assertEquals("5", run.header("Retry-After"));
    }

    @Test
    void an_agent_that_does_not_load_within_the_startup_timeout_is_reported_failed() throws Exception {
        AgentPort port = port(TestAgents.slowToLoad(new CountDownLatch(1)), Map.of("STARTUP_TIMEOUT", "200ms"))
                .start();
        assertTrue(port.lifecycle().awaitSettled(5, TimeUnit.SECONDS));
        assertEquals(Lifecycle.State.FAILED, port.lifecycle().state());
        assertEquals(503, port.handle(HttpRequest.builder("GET", "/health").build()).status());
    }

    @Test
    void while_draining_new_runs_get_503_with_retry_after_and_health_reports_draining() throws Exception {
        AgentPort port = port(new dev.agentport.defaultagent.DefaultAgent(Duration.ZERO), Map.of()).startAndAwait();
        assertTrue(port.drain(Duration.ofMillis(10)));
        HttpResponse run = port.handle(invoke());
        assertEquals(503, run.status());
        assertEquals("5", run.header("Retry-After"));
        assertEquals("SHUTTING_DOWN", Json.parse(run.bodyBytes()).at("/error/code").asText());
        HttpResponse health = port.handle(HttpRequest.builder("GET", "/health").build());
        assertEquals(503, health.status());
        assertEquals("draining", Json.parse(health.bodyBytes()).get("status").asText());
    }

    @Test
    void a_stream_still_running_when_the_grace_ends_gets_an_error_event_then_done() throws Exception {
        TestAgents.Endless agent = new TestAgents.Endless();
        AgentPort port = port(agent, Map.of()).startAndAwait();
        HttpResponse response = port.handle(stream());
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        CompletableFuture<Void> written = CompletableFuture.runAsync(() -> {
            try {
                ((Body.EventStream) response.body()).writer().writeTo(body::write);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        waitForARun(port);
        long start = System.nanoTime();
        assertFalse(port.drain(Duration.ofMillis(300)));
        written.get(5, TimeUnit.SECONDS);
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() < 3000);
        String text = body.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("event: error"), text);
        assertTrue(text.contains("shutting down"), text);
        assertTrue(text.endsWith("data: [DONE]\n\n"), text);
        assertTrue(agent.stopped.await(2, TimeUnit.SECONDS));
    }

    @Test
    void drain_waits_for_a_run_that_finishes_within_the_grace() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AgentPort port = port(new TestAgents.TestAgent() {
            @Override
            public dev.agentport.agent.RunResult invoke(dev.agentport.agent.RunInput input,
                                                        dev.agentport.agent.RunContext context) throws Exception {
                started.countDown();
                release.await(10, TimeUnit.SECONDS);
                return dev.agentport.agent.RunResult.of("finished");
            }
        }, Map.of()).startAndAwait();
        CompletableFuture<HttpResponse> running = CompletableFuture.supplyAsync(() -> port.handle(invoke()));
        assertTrue(started.await(5, TimeUnit.SECONDS));
        CompletableFuture<Boolean> drained = CompletableFuture.supplyAsync(() -> {
            try {
                return port.drain(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(200);
        assertFalse(drained.isDone(), "drain returned while a run was still in progress");
        release.countDown();
        assertTrue(drained.get(5, TimeUnit.SECONDS));
        assertEquals(200, running.get(1, TimeUnit.SECONDS).status());
    }

    @Test
    void a_client_that_hangs_up_cancels_its_invoke_run() throws Exception {
        TestAgents.Endless agent = new TestAgents.Endless();
        AgentPort port = port(agent, Map.of()).startAndAwait();
        CompletableFuture<Runnable> hangUp = new CompletableFuture<>();
        HttpRequest request = HttpRequest.builder("POST", "/invoke").header("Content-Type", "application/json")
                .body("{\"input\":\"hi\"}").connection(hangUp::complete).build();
        CompletableFuture<HttpResponse> running = CompletableFuture.supplyAsync(() -> port.handle(request));
        Runnable hangUpNow = hangUp.get(5, TimeUnit.SECONDS);
        waitForARun(port);
        Thread.sleep(100); // the agent is running, not only registered
        hangUpNow.run();
        assertTrue(agent.stopped.await(2, TimeUnit.SECONDS));
        assertEquals("cancelled", agent.stopReason.get());
        running.get(2, TimeUnit.SECONDS);
    }

    @Test
    void calls_still_running_when_the_grace_period_ends_end_in_their_faces_shutting_down_shape() throws Exception {
        InProcessTarget target = new InProcessTarget(new HangingAgent(), ShutdownCases.ENV);
        AgentPort port = target.core();
        ShutdownSuite.assertEveryCallEndsInItsShape(target, ShutdownCases.all(), runs -> {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            // Registered is not enough: a tools/call is a run before its tool has checked that the server is ready.
            while (port.runs().running() < runs || HangingAgent.hanging() < runs) {
                assertTrue(System.nanoTime() < end, port.runs().running() + " of " + runs + " runs started, "
                        + HangingAgent.hanging() + " in the agent");
                Thread.sleep(5);
            }
            assertFalse(port.drain(Duration.ofSeconds(ShutdownCases.GRACE_SECONDS)), "the hung runs ended");
        });
    }

    /** Waits, at most 5 s, until a run is registered. */
    private static void waitForARun(AgentPort port) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (port.runs().running() == 0) {
            if (System.nanoTime() > end) {
                throw new AssertionError("no run started within 5 s");
            }
            Thread.sleep(5);
        }
    }
}
