package dev.agentport.helidon;

import dev.agentport.json.Json;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code AgentPortServer.stop()}, which SIGTERM runs too: drain first, with the listener open, then close it. */
class GracefulShutdownTest {

    private static AgentPortServer start(TestAgents.Endless agent) throws InterruptedException {
        return AgentPortServer.builder().agent(agent)
                .config(RuntimeConfig.fromEnvironment(Map.of("PORT", "0", "AGENT_SHUTDOWN_GRACE_SECONDS", "1")))
                .build().start().awaitLoaded(java.time.Duration.ofSeconds(30));
    }

    @Test
    void while_stop_drains_a_new_run_gets_503_shutting_down_instead_of_a_refused_connection() throws Exception {
        TestAgents.Endless agent = new TestAgents.Endless();
        AgentPortServer server = start(agent);
        CompletableFuture<RawHttp.Response> running = RawHttp.readOnceUnderWay(
                RawHttp.post(server.port(), "/stream", "{\"input\":\"go\"}"), "{\"delta\"");
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(server::stop, GracefulShutdownTest::thread);
        awaitDraining(server);
        RawHttp.Response refused = RawHttp.exchange(server.port(), "POST", "/invoke", "{\"input\":\"x\"}");
        assertEquals(503, refused.status());
        assertEquals("5", refused.header("Retry-After"));
        assertEquals("SHUTTING_DOWN", Json.parse(refused.rawBody()).at("/error/code").asText());
        stopping.get(10, TimeUnit.SECONDS);
        String stream = running.get(5, TimeUnit.SECONDS).body();
        assertTrue(stream.contains("event: error\n"), stream);
        assertTrue(stream.endsWith("data: [DONE]\n\n"), stream);
        assertEquals("cancelled", agent.stopReason.get());
    }

    @Test
    void while_draining_every_answer_closes_its_connection_so_no_request_is_sent_on_one_about_to_close()
            throws Exception {
        AgentPortServer server = start(new TestAgents.Endless());
        Socket keptAlive = new Socket("127.0.0.1", server.port());
        keptAlive.setSoTimeout(10_000);
        RawHttp.readOnceUnderWay(RawHttp.post(server.port(), "/stream", "{\"input\":\"go\"}"), "{\"delta\"");
        CompletableFuture.runAsync(server::stop, GracefulShutdownTest::thread);
        awaitDraining(server);
        try (keptAlive) {
            keptAlive.getOutputStream().write(("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            RawHttp.Response answer = RawHttp.read(keptAlive.getInputStream());
            assertEquals("close", answer.header("Connection"));
            assertEquals(-1, keptAlive.getInputStream().read(), "the connection stayed open");
        }
    }

    @Test
    void a_second_stop_returns_only_once_the_first_has_closed_the_listener() throws Exception {
        AgentPortServer server = start(new TestAgents.Endless());
        RawHttp.readOnceUnderWay(RawHttp.post(server.port(), "/stream", "{\"input\":\"go\"}"), "{\"delta\"");
        int port = server.port();
        CompletableFuture.runAsync(server::stop, GracefulShutdownTest::thread);
        awaitDraining(server);
        server.stop();
        assertThrows(ConnectException.class, () -> new Socket("127.0.0.1", port).close());
    }

    private static void thread(Runnable task) {
        Thread.ofVirtual().name("stopping").start(task);
    }

    private static void awaitDraining(AgentPortServer server) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (server.core().lifecycle().state() != Lifecycle.State.DRAINING) {
            assertTrue(System.nanoTime() < end, "stop() did not drain the core");
            Thread.sleep(5);
        }
    }
}
